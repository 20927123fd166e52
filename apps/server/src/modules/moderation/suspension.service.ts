import { MOD_MSG, USER_MSG, type ModeratedUserResponse, type SuspendBody } from '@glimpse/shared';
import type { AppContext, EndedSessions, Tx } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { can, type Viewer } from '../../lib/permissions.js';
import { endSessions } from '../auth/sessions.js';
import { findUserById } from '../users/users.repo.js';
import { toModeratedUser } from './moderation.mapper.js';
import { insertAuditEntry, selectModeratedUsers, setSuspension } from './moderation.repo.js';

/**
 * Suspends a member inside the caller's transaction, with its audit entry. A moderator cannot
 * suspend themself or an admin; only an admin can suspend another moderator.
 */
export async function suspendInTx(
  tx: Tx,
  actor: Viewer,
  userId: string,
  opts: { reason: string; until: Date | null; reportId: string | null; at: Date },
): Promise<EndedSessions> {
  if (userId === actor.id) throw new AppError('VALIDATION', MOD_MSG.cannotSuspendSelf);
  const target = await findUserById(tx, userId);
  if (!target) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  if (target.isAdmin || (target.isModerator && !actor.isAdmin)) {
    throw new AppError('FORBIDDEN', MOD_MSG.cannotSuspendAdmin);
  }
  await setSuspension(tx, userId, {
    suspendedAt: opts.at,
    suspendedUntil: opts.until,
    suspensionReason: opts.reason,
  });
  // Every token issued before stays dead after the suspension ends: the member signs in again.
  const ended = await endSessions(tx, { userId });
  await insertAuditEntry(tx, {
    id: newId(opts.at),
    actorId: actor.id,
    action: 'suspend',
    targetType: 'user',
    targetId: userId,
    reportId: opts.reportId,
    note: opts.reason,
    details: { until: opts.until?.toISOString() ?? null },
    createdAt: opts.at,
  });
  return ended;
}

async function answer(ctx: AppContext, userId: string, message: string): Promise<ModeratedUserResponse> {
  const [row] = await selectModeratedUsers(ctx.db, [userId]);
  if (!row) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  return { message, user: toModeratedUser(row) };
}

function requireModerator(viewer: Viewer): void {
  if (!can(viewer, 'moderate_content')) throw new AppError('FORBIDDEN');
}

/**
 * POST /api/moderation/users/{id}/suspend (moderate_content). From the commit on, every request
 * and socket sign-in of the member is refused (auth reads the row each time); their open sockets
 * are disconnected on every node; their posts, comments and profile are hidden from others.
 */
export async function suspendUser(
  ctx: AppContext,
  viewer: Viewer,
  userId: string,
  body: SuspendBody,
): Promise<ModeratedUserResponse> {
  requireModerator(viewer);
  const at = new Date();
  const until = body.until ? new Date(body.until) : null;
  if (until && until <= at) throw new AppError('VALIDATION', MOD_MSG.suspendUntilInvalid);
  const ended = await ctx.db.transaction((tx) =>
    suspendInTx(tx, viewer, userId, { reason: body.reason, until, reportId: null, at }),
  );
  await ctx.events.sessionsEnded(ended);
  // Their posts leave every node's kept signed-out pages at once.
  await ctx.events.feedPagesStale();
  return answer(ctx, userId, MOD_MSG.suspended);
}

/** POST /api/moderation/users/{id}/unsuspend (moderate_content). Lifting twice is a no-op. */
export async function unsuspendUser(
  ctx: AppContext,
  viewer: Viewer,
  userId: string,
): Promise<ModeratedUserResponse> {
  requireModerator(viewer);
  const at = new Date();
  await ctx.db.transaction(async (tx) => {
    const target = await findUserById(tx, userId);
    if (!target) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
    await setSuspension(tx, userId, { suspendedAt: null, suspendedUntil: null, suspensionReason: null });
    await insertAuditEntry(tx, {
      id: newId(at),
      actorId: viewer.id,
      action: 'unsuspend',
      targetType: 'user',
      targetId: userId,
      note: '',
      details: { wasSuspendedUntil: target.suspendedUntil?.toISOString() ?? null },
      createdAt: at,
    });
  });
  return answer(ctx, userId, MOD_MSG.unsuspended);
}
