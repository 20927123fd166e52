import type { DbOrTx } from '../../context.js';
import { bumpSessionVersion } from '../users/users.repo.js';

/**
 * Ends every session of a member at once: bumps `users.session_version`, so every token issued
 * before (claim `sv`) is refused with 401 `Token expired` from the next request on, whatever second
 * it was issued in. Call it inside the transaction that makes the change (password, role,
 * suspension, deletion) and, after the commit, `ctx.events.sessionsEnded(userId)` to cut the
 * member's open sockets on every node. Answers the new version (sign a fresh token with it to keep
 * the caller signed in), or null when there is no such member.
 *
 * The one file of modules/auth that modules/users may import (eslint.layers.js).
 */
export async function endSessions(tx: DbOrTx, userId: string): Promise<number | null> {
  return bumpSessionVersion(tx, userId);
}
