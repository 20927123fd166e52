import {
  ACCOUNT_MSG,
  SESSIONS_LIST_MAX,
  type MessageAnswer,
  type RevokeOthersAnswer,
  type SessionList,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { Viewer } from '../../lib/permissions.js';
import { endSessions } from './sessions.js';
import { listLiveSessions, sessionExists } from './sessions.repo.js';

/** GET /api/auth/sessions: the caller's session first, then the most recently seen. */
export async function listSessions(ctx: AppContext, viewer: Viewer): Promise<SessionList> {
  const rows = await listLiveSessions(ctx.db, viewer.id, SESSIONS_LIST_MAX);
  const sessions = rows.map((row) => ({
    id: row.id,
    _id: row.id,
    device: row.device,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === viewer.sessionId,
  }));
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions };
}

/** DELETE /api/auth/sessions/{id}: ends one of the caller's sessions (any device, this one too). */
export async function endOneSession(
  ctx: AppContext,
  viewer: Viewer,
  sessionId: string,
): Promise<MessageAnswer> {
  // Another member's session id is "not found", never a hint that it exists.
  if (!(await sessionExists(ctx.db, sessionId, viewer.id))) {
    throw new AppError('NOT_FOUND', ACCOUNT_MSG.sessionNotFound);
  }
  const ended = await endSessions(ctx.db, { userId: viewer.id, sessionIds: [sessionId] });
  await ctx.events.sessionsEnded(ended);
  return { message: ACCOUNT_MSG.sessionEnded };
}

/** POST /api/auth/sessions/revoke-others: every session but the caller's. */
export async function endOtherSessions(ctx: AppContext, viewer: Viewer): Promise<RevokeOthersAnswer> {
  const ended = await endSessions(ctx.db, { userId: viewer.id, exceptSessionId: viewer.sessionId });
  await ctx.events.sessionsEnded(ended);
  return { message: ACCOUNT_MSG.otherSessionsEnded, ended: ended.sessionIds.length };
}

/** POST /api/auth/logout: ends the caller's own session (its token stops working at once). */
export async function logout(ctx: AppContext, viewer: Viewer): Promise<MessageAnswer> {
  const ended = await endSessions(ctx.db, { userId: viewer.id, sessionIds: [viewer.sessionId] });
  await ctx.events.sessionsEnded(ended);
  return { message: ACCOUNT_MSG.loggedOut };
}
