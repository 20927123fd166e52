import type { FastifyBaseLogger } from 'fastify';
import {
  MSG,
  SOCKET_ERRORS,
  SOCKET_EVENTS,
  ZChatRef,
  ZMarkReadPayload,
  ZSendMessagePayload,
  type SendMessageAck,
  type SocketUser,
} from '@glimpse/shared';
import type { AppContext } from '../context.js';
import { AppError } from '../lib/errors.js';
import { publicUrlsFor, reachedOrigin } from '../lib/public-urls.js';
import { findUnsafeText, parseInput } from '../lib/validate.js';
import { requireChatMember } from '../modules/chats/chats.service.js';
import { markChatRead, sendChatMessage } from '../modules/chats/messages.service.js';
import { authenticateSocket, signOutSocket } from './session.js';
import type { Presence } from './presence.js';
import { createSerialQueue, type TaskTracker } from './serial-queue.js';
import { chatRoom, socketUrls, userRoom, type ChatIo, type ChatSocket } from './types.js';

/** Events one socket may have waiting; past that it is flooding, and extra events are refused. */
export const MAX_QUEUED_EVENTS = 50;

export interface RealtimeDeps {
  ctx: AppContext;
  io: ChatIo;
  presence: Presence;
  tasks: TaskTracker;
  log: FastifyBaseLogger;
}

type Ack = (answer: SendMessageAck) => void;

/** Socket.IO passes the acknowledgement callback, when the client asked for one, as the last argument. */
function splitArgs(args: unknown[]): { payload: unknown; ack?: Ack } {
  const last = args[args.length - 1];
  const ack = typeof last === 'function' ? (last as Ack) : undefined;
  return { payload: typeof args[0] === 'function' ? undefined : args[0], ack };
}

function requireUser(socket: ChatSocket): SocketUser {
  const user = socket.data.user;
  if (!user) throw new AppError('UNAUTHENTICATED', SOCKET_ERRORS.notAuthenticated);
  return user;
}

/** Wires one connection: every event is validated, runs in arrival order and answers failures with `error`. */
export function onConnection(deps: RealtimeDeps, socket: ChatSocket): void {
  const { ctx, log } = deps;
  socket.data.typingIn = new Set();
  socket.data.urls = publicUrlsFor(
    ctx.config,
    reachedOrigin(socket.handshake.headers, {
      encrypted: socket.handshake.secure,
      peer: socket.conn.remoteAddress,
      trustProxy: ctx.config.trustProxy,
    }),
  );
  const queue = createSerialQueue({ maxPending: MAX_QUEUED_EVENTS, track: deps.tasks.track });

  /** Runs a handler in order; an expected failure is told to the client, anything else is logged too. */
  function handle(
    event: string,
    fallback: string,
    task: (payload: unknown) => Promise<SendMessageAck | void>,
  ) {
    socket.on(event as 'join_chat', (...args: unknown[]) => {
      const { payload, ack } = splitArgs(args);
      const fail = (message: string) => {
        socket.emit(SOCKET_EVENTS.error, { message });
        ack?.({ ok: false, message });
      };
      // The HTTP text rules, before anything else sees the payload: NUL (PostgreSQL refuses it)
      // and unpaired surrogates (not valid UTF-8) anywhere in it, keys included.
      const unsafe = findUnsafeText(payload, event);
      const queued = queue.push(async () => {
        try {
          if (unsafe) throw new AppError('BAD_TEXT', MSG.unsafeTextIn(unsafe));
          const answer = await task(payload);
          if (answer) ack?.(answer);
        } catch (caught) {
          // A database or Redis outage is said as such (the same text as HTTP's 503), not logged
          // as a bug for every event.
          const err = caught instanceof AppError ? caught : (ctx.dependencyAnswer(caught) ?? caught);
          if (!(err instanceof AppError)) log.error({ err, event }, 'socket event failed');
          fail(err instanceof AppError ? err.message : fallback);
        }
      });
      if (!queued) fail(SOCKET_ERRORS.tooMany);
    });
  }

  function broadcastTyping(user: SocketUser, chatId: string, isTyping: boolean): void {
    const event = isTyping ? SOCKET_EVENTS.userTyping : SOCKET_EVENTS.userStoppedTyping;
    socket
      .to(chatRoom(chatId))
      .except(userRoom(user.id))
      .emit(event, { chatId, userId: user.id, username: user.username });
  }

  function stopTyping(user: SocketUser, chatId: string): void {
    if (socket.data.typingIn?.delete(chatId)) broadcastTyping(user, chatId, false);
  }

  const authenticate = (token: unknown) => authenticateSocket(deps, socket, token);
  const handshakeToken: unknown = socket.handshake.auth?.token;
  if (handshakeToken !== undefined) queue.push(() => authenticate(handshakeToken));
  handle(SOCKET_EVENTS.authenticate, SOCKET_ERRORS.authenticationFailed, authenticate);

  handle(SOCKET_EVENTS.joinChat, SOCKET_ERRORS.internal, async (payload) => {
    const user = requireUser(socket);
    const chatId = parseInput(ZChatRef, payload);
    await requireChatMember(ctx.db, chatId, user.id, { deniedMessage: SOCKET_ERRORS.accessDenied });
    await socket.join(chatRoom(chatId));
  });

  handle(SOCKET_EVENTS.leaveChat, SOCKET_ERRORS.internal, async (payload) => {
    const user = requireUser(socket);
    const chatId = parseInput(ZChatRef, payload);
    stopTyping(user, chatId);
    await socket.leave(chatRoom(chatId));
  });

  handle(SOCKET_EVENTS.sendMessage, SOCKET_ERRORS.sendFailed, async (payload) => {
    const user = requireUser(socket);
    const input = parseInput(ZSendMessagePayload, payload);
    const message = await sendChatMessage(ctx, user, input, socketUrls(socket));
    stopTyping(user, input.chatId);
    return { ok: true, message };
  });

  handle(SOCKET_EVENTS.markMessageRead, SOCKET_ERRORS.internal, async (payload) => {
    const user = requireUser(socket);
    const input = parseInput(ZMarkReadPayload, payload);
    await markChatRead(ctx, user, input);
  });

  for (const isTyping of [true, false]) {
    handle(
      isTyping ? SOCKET_EVENTS.typingStart : SOCKET_EVENTS.typingStop,
      SOCKET_ERRORS.internal,
      async (payload) => {
        const user = requireUser(socket);
        const chatId = parseInput(ZChatRef, payload);
        // Rooms are joined only after a membership check and left when a chat is deleted, so being
        // in the room is proof enough; otherwise ask the database.
        if (!socket.rooms.has(chatRoom(chatId))) {
          await requireChatMember(ctx.db, chatId, user.id, { deniedMessage: SOCKET_ERRORS.accessDenied });
        }
        if (isTyping) socket.data.typingIn?.add(chatId);
        else socket.data.typingIn?.delete(chatId);
        broadcastTyping(user, chatId, isTyping);
      },
    );
  }

  socket.on('disconnect', () => {
    queue.push(
      () => signOutSocket(deps, socket).catch((err: unknown) => log.error({ err }, 'socket sign-out failed')),
      { force: true },
    );
  });
}
