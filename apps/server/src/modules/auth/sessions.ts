import { JWT_TTL_SECONDS, SESSION_SEEN_WRITE_MS } from '@glimpse/shared';
import type { AppContext, DbOrTx, EndedSessions } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { issueToken } from '../../lib/jwt.js';
import { describeDevice } from '../../lib/user-agent.js';
import {
  deleteExpiredSessions,
  deleteSessions,
  extendSession,
  insertSession,
  touchSession,
  type SessionsTarget,
} from './sessions.repo.js';

/**
 * Sessions (the `sessions` table): every sign-in and registration opens one, and its token names
 * it (claim `sid`); a token is accepted while its row exists.
 *
 * The one file of modules/auth that modules/users may import (eslint.layers.js).
 */

/** Where a sign-in came from: the client address (request.ip) and its User-Agent. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

type TokenUser = { id: string; username: string; email: string };

const sessionExpiry = () => new Date(Date.now() + JWT_TTL_SECONDS * 1000);

/** Opens a session for this member (sign-in, registration) and answers its token. */
export async function openSession(ctx: AppContext, user: TokenUser, client: ClientInfo): Promise<string> {
  const id = newId();
  await deleteExpiredSessions(ctx.db, user.id);
  await insertSession(ctx.db, {
    id,
    userId: user.id,
    device: describeDevice(client.userAgent),
    ipAddress: client.ip,
    expiresAt: sessionExpiry(),
  });
  return issueToken(ctx.jwtSecret, user, id);
}

/**
 * A fresh token for an existing session (the JWT carries username and email, so changing either
 * hands one out); the session lives as long as its newest token.
 */
export async function reissueToken(ctx: AppContext, user: TokenUser, sessionId: string): Promise<string> {
  await extendSession(ctx.db, sessionId, sessionExpiry());
  return issueToken(ctx.jwtSecret, user, sessionId);
}

/**
 * THE way sessions end (sign-out, ending one or the others, password change or reset, a role
 * taken away, suspension): `target` names all of a member's sessions, some, or all but one;
 * deletes their rows, so their tokens are refused (401 `Token expired`)
 * from the next request on. Call it inside the transaction of the change, then, after the
 * commit, `await ctx.events.sessionsEnded(ended)` with its answer: that cuts their sockets and
 * drops their tokens from every node's short cache before the change's answer goes out.
 */
export async function endSessions(tx: DbOrTx, target: SessionsTarget): Promise<EndedSessions> {
  return { userId: target.userId, sessionIds: await deleteSessions(tx, target) };
}

/** Sessions this node marked seen recently (so a burst of requests writes once). */
const recentlySeen = new WeakMap<AppContext, Map<string, number>>();
const RECENTLY_SEEN_MAX_ENTRIES = 20_000;

/**
 * Notes a request of the session. `last_seen_at` is written at most once per
 * SESSION_SEEN_WRITE_MS per session, never on the request's path (the write is not awaited) and
 * never twice for one interval on one node; across nodes the UPDATE's own condition keeps it once.
 */
export function noteSessionSeen(ctx: AppContext, sessionId: string, lastSeenAt: Date): void {
  const now = Date.now();
  if (now - lastSeenAt.getTime() < SESSION_SEEN_WRITE_MS) return;
  let seen = recentlySeen.get(ctx);
  if (!seen) {
    seen = new Map();
    recentlySeen.set(ctx, seen);
  }
  const at = seen.get(sessionId);
  if (at !== undefined && now - at < SESSION_SEEN_WRITE_MS) return;
  if (seen.size >= RECENTLY_SEEN_MAX_ENTRIES) {
    for (const [id, time] of seen) if (now - time >= SESSION_SEEN_WRITE_MS) seen.delete(id);
    if (seen.size >= RECENTLY_SEEN_MAX_ENTRIES) seen.clear();
  }
  seen.set(sessionId, now);
  // Best effort: a lost write only leaves "last seen" a few minutes older.
  touchSession(ctx.db, sessionId, new Date(now - SESSION_SEEN_WRITE_MS)).catch(() => seen.delete(sessionId));
}
