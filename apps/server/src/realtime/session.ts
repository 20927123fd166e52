import { MSG, SOCKET_ERRORS, SOCKET_EVENTS } from '@glimpse/shared';
import { AppError } from '../lib/errors.js';
import { authenticateToken, sessionStillValid } from '../modules/auth/auth.service.js';
import { loadSocketMember } from '../modules/chats/chats.service.js';
import type { RealtimeDeps } from './connection.js';
import { chatRoom, sessionRoom, socketUrls, userRoom, type ChatSocket } from './types.js';

/** The token of `authenticate`: a bare string, or `{ token }` as some clients send it. */
function tokenOf(raw: unknown): string | null {
  if (typeof raw === 'string') return raw || null;
  if (typeof raw === 'object' && raw !== null && typeof (raw as { token?: unknown }).token === 'string') {
    return (raw as { token: string }).token || null;
  }
  return null;
}

/**
 * Signs a socket in: the same token rules and texts as HTTP (`Access token required`, `Token
 * expired`, `Invalid token`). On success the socket joins its user room and the room of every
 * chat of the user, and counts toward the user's presence. Never throws: every failure is an
 * `authentication_error`.
 */
export async function authenticateSocket(
  deps: RealtimeDeps,
  socket: ChatSocket,
  raw: unknown,
): Promise<void> {
  const fail = (message: string): void => {
    socket.emit(SOCKET_EVENTS.authenticationError, { message });
  };
  try {
    const viewer = await authenticateToken(deps.ctx, tokenOf(raw));
    const current = socket.data.user;
    // The handshake token and a later `authenticate` usually name the same session: answer again.
    if (current?.id === viewer.id && socket.data.sessionId === viewer.sessionId) {
      socket.emit(SOCKET_EVENTS.authenticated, { success: true, user: current });
      return;
    }
    if (current) await signOutSocket(deps, socket);

    const member = await loadSocketMember(deps.ctx, viewer.id, socketUrls(socket));
    if (!member) return fail(MSG.accessTokenRequired);
    // Gone while we looked: counting it now would leave the member online for good.
    if (socket.disconnected) return;

    const { user, chatIds } = member;
    socket.data.user = user;
    socket.data.sessionId = viewer.sessionId;
    await socket.join([userRoom(user.id), sessionRoom(viewer.sessionId), ...chatIds.map(chatRoom)]);
    // The session ended between the token check and joining its room: sessionsEnded could not
    // reach this socket yet, so check once more now that it can.
    if (!(await sessionStillValid(deps.ctx, viewer))) {
      socket.data.user = undefined;
      socket.data.sessionId = undefined;
      socket.disconnect(true);
      return;
    }
    socket.data.counted = true;
    await deps.presence.socketIn(user);
    socket.emit(SOCKET_EVENTS.authenticated, { success: true, user });
  } catch (caught) {
    const err = caught instanceof AppError ? caught : (deps.ctx.dependencyAnswer(caught) ?? caught);
    if (err instanceof AppError) return fail(err.message);
    deps.log.error({ err }, 'socket authentication failed');
    fail(SOCKET_ERRORS.authenticationFailed);
  }
}

/**
 * Undoes a sign-in (on disconnect, or before signing in as someone else): partners stop seeing
 * the socket typing, its rooms are left, and it stops counting toward presence.
 */
export async function signOutSocket(deps: RealtimeDeps, socket: ChatSocket): Promise<void> {
  const user = socket.data.user;
  if (!user) return;
  for (const chatId of socket.data.typingIn ?? []) {
    deps.io.to(chatRoom(chatId)).except(userRoom(user.id)).emit(SOCKET_EVENTS.userStoppedTyping, {
      chatId,
      userId: user.id,
      username: user.username,
    });
  }
  socket.data.typingIn?.clear();
  socket.data.user = undefined;
  socket.data.sessionId = undefined;
  for (const room of [...socket.rooms]) {
    if (room !== socket.id) await socket.leave(room);
  }
  if (socket.data.counted) {
    socket.data.counted = false;
    await deps.presence.socketOut(user);
  }
}
