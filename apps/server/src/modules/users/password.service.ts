import {
  MSG,
  PASSWORD_MAX_LENGTH,
  USER_MSG,
  type ChangePasswordBody,
  type ChangePasswordResponse,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Viewer } from '../../lib/permissions.js';
import { endSessions } from '../auth/sessions.js';
import { findUserById, updateUser } from './users.repo.js';

const WRONG_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

/**
 * Replaces the password after checking the current one, and ends every other session of the
 * member (the caller's continues). A stolen token must not become a way to
 * guess the password (and then the email account behind it), so wrong guesses are limited per
 * user exactly like failed logins.
 */
export async function changePassword(
  ctx: AppContext,
  viewer: Viewer,
  body: ChangePasswordBody,
): Promise<ChangePasswordResponse> {
  // Counted before the check (one atomic step), so parallel guesses cannot race past the limit;
  // a correct password takes its attempt back.
  const limitKey = `password:${viewer.id}`;
  const attempt = await ctx.rateLimiter.attempt(limitKey, WRONG_PASSWORD_WINDOW_MS);
  if (attempt.count > ctx.config.loginMaxFailures) {
    throw new AppError('RATE_LIMITED', MSG.tooManyAttempts, {
      retryAfterSeconds: Math.max(1, Math.ceil(attempt.resetInMs / 1000)),
    });
  }
  const row = await findUserById(ctx.db, viewer.id);
  if (!row) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  // No stored password is longer than the limit, so a longer one is wrong without hashing it.
  const isCurrent =
    body.currentPassword.length <= PASSWORD_MAX_LENGTH &&
    (await verifyPassword(row.passwordHash, body.currentPassword));
  if (!isCurrent) throw new AppError('VALIDATION', MSG.currentPasswordIncorrect);
  await ctx.rateLimiter.refund(limitKey);
  // Every OTHER session ends at once (tokens of any second, open sockets on every node); the
  // caller's own token keeps working, so a client that reads only `{ message }` stays signed in.
  const passwordHash = await hashPassword(body.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    const changed = await updateUser(tx, viewer.id, { passwordHash, passwordChangedAt: new Date() });
    if (!changed) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
    return endSessions(tx, { userId: viewer.id, exceptSessionId: viewer.sessionId });
  });
  await ctx.events.sessionsEnded(ended);
  return { message: USER_MSG.passwordUpdated };
}
