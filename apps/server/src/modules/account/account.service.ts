import {
  MSG,
  PASSWORD_MAX_LENGTH,
  USER_MSG,
  type DeleteAccountBody,
  type MessageAnswer,
} from '@glimpse/shared';
import { endSessions } from '../auth/sessions.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { Viewer } from '../../lib/permissions.js';
import { deleteUnreferencedMedia } from '../media/media.service.js';
import { announceUnreadCountsOf } from '../notifications/notifications.service.js';
import {
  deleteChats,
  deleteUserRow,
  lockUser,
  removeFromNotifications,
  removeMessagesFromChats,
  selectMemberChats,
  selectMemberMediaUrls,
  subtractEngagementOnOthersPosts,
  subtractFollowCounters,
} from './account.repo.js';

/** Wrong passwords share the change-password budget: one stolen token, one budget of guesses. */
const WRONG_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

/**
 * DELETE /api/users/me: after checking the password, removes the member and everything that is
 * theirs in one transaction, keeps every other member's counters exact, then deletes the files
 * nothing references any more and ends the member's sockets on every node. Their tokens fail
 * from the commit on (the user no longer exists), and the username and email are free again.
 *
 * One-to-one chats go with the member for both sides (there is nobody left to talk to, and the
 * chat list has no way to show a partner who does not exist); the partner's sockets hear
 * `chat_deleted`. Group chats keep going without the member's messages.
 */
export async function deleteAccount(
  ctx: AppContext,
  viewer: Viewer,
  body: DeleteAccountBody,
): Promise<MessageAnswer> {
  // Counted before the check in one atomic step (as a password change is, with the same key), so
  // parallel guesses cannot race past the limit; the right password takes its attempt back.
  const limitKey = `password:${viewer.id}`;
  const attempt = await ctx.rateLimiter.attempt(limitKey, WRONG_PASSWORD_WINDOW_MS);
  if (attempt.count > ctx.config.loginMaxFailures) {
    throw new AppError('RATE_LIMITED', MSG.tooManyAttempts, {
      retryAfterSeconds: Math.max(1, Math.ceil(attempt.resetInMs / 1000)),
    });
  }

  const result = await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, viewer.id);
    if (!user) throw new AppError('UNAUTHENTICATED', MSG.accessTokenRequired);
    // No stored password is longer than the limit, so a longer one is wrong without hashing it.
    const isCorrect =
      body.password.length <= PASSWORD_MAX_LENGTH && (await verifyPassword(user.passwordHash, body.password));
    if (!isCorrect) return { ok: false as const };

    const media = await selectMemberMediaUrls(tx, viewer.id);
    const chats = await selectMemberChats(tx, viewer.id);
    const direct = chats.filter((c) => c.type !== 'group');
    const groups = chats.filter((c) => c.type === 'group');

    await subtractEngagementOnOthersPosts(tx, viewer.id);
    await subtractFollowCounters(tx, viewer.id);
    const notified = await removeFromNotifications(tx, viewer.id);
    await deleteChats(
      tx,
      direct.map((c) => c.id),
    );
    await removeMessagesFromChats(
      tx,
      viewer.id,
      groups.map((c) => c.id),
    );
    // The rows would go with the member's anyway (cascade); ended here, every node hears which.
    const ended = await endSessions(tx, { userId: viewer.id });
    if (!(await deleteUserRow(tx, viewer.id))) throw new AppError('UNAUTHENTICATED', MSG.accessTokenRequired);
    return { ok: true as const, media, direct, notified, ended };
  });

  if (!result.ok) throw new AppError('VALIDATION', USER_MSG.passwordIncorrect);
  await ctx.rateLimiter.refund(limitKey);

  await ctx.events.sessionsEnded(result.ended);
  for (const chat of result.direct) ctx.events.chatDeleted({ chatId: chat.id, memberIds: chat.memberIds });
  // Their notifications by the member are gone: badges drop at once.
  await announceUnreadCountsOf(ctx, result.notified);
  await deleteUnreferencedMedia(ctx, result.media);
  return { message: USER_MSG.accountDeleted };
}
