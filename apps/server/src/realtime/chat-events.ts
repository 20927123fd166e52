import type { FastifyBaseLogger } from 'fastify';
import { SOCKET_EVENTS } from '@glimpse/shared';
import type { ChatEvents, EndedSessions, NodeEvent } from '../context.js';
import { chatRoom, sessionRoom, userRoom, type ChatIo } from './types.js';

const NODE_EVENT = 'node_event';

/**
 * The ChatEvents that services call after their transaction commits, over Socket.IO rooms. With
 * the Redis adapter the sockets of every node receive them exactly as on one node, and node events
 * (ended sessions, stale caches) reach every other node, which confirms before the call resolves.
 */
export function createChatEvents(
  io: ChatIo,
  opts: { acrossNodes: boolean; log?: FastifyBaseLogger },
): ChatEvents {
  const listeners: Array<(event: NodeEvent) => void> = [];
  const runListeners = (event: NodeEvent) => {
    for (const listener of listeners) listener(event);
  };
  // Another node's event: this node's caches follow, then it confirms.
  io.on(NODE_EVENT, (event, ack) => {
    runListeners(event);
    if (typeof ack === 'function') ack();
  });
  /** This node's listeners at once; the other nodes' before it resolves (or their time runs out). */
  const raise = async (event: NodeEvent): Promise<void> => {
    runListeners(event);
    if (!opts.acrossNodes) return;
    try {
      await io.serverSideEmitWithAck(NODE_EVENT, event);
    } catch (err) {
      // A node that does not answer within the adapter's timeout is gone or stuck: its cache
      // entries expire within FEED_CACHE_MS anyway.
      opts.log?.warn({ err, event: event.kind }, 'node event: not every node confirmed');
    }
  };
  const cutSockets = (ended: EndedSessions) => {
    // Through the adapter (Redis when configured): the sockets of every node close, and each
    // one's disconnect handler signs it out of presence and typing as usual. An empty room list
    // would mean every socket: never cut then.
    if (ended.sessionIds.length > 0) io.in(ended.sessionIds.map(sessionRoom)).disconnectSockets(true);
  };
  return {
    onNodeEvent(listener) {
      listeners.push(listener);
    },
    async sessionsEnded(ended) {
      cutSockets(ended);
      await raise({ kind: 'sessions-ended', ended });
    },
    async feedPagesStale() {
      await raise({ kind: 'feed-pages-stale' });
    },
    // The sender's own sockets (every tab, in the room or not) get the message with their `tempId`,
    // which is theirs alone; `except` keeps a socket in both rooms from getting two copies.
    newMessage(message, opts) {
      const { tempId: _omit, ...shared } = message;
      io.to(chatRoom(message.chatId)).except(userRoom(opts.senderId)).emit(SOCKET_EVENTS.newMessage, shared);
      const own = opts.tempId === undefined ? shared : { ...shared, tempId: opts.tempId };
      io.to(userRoom(opts.senderId)).emit(SOCKET_EVENTS.newMessage, own);
    },
    messageRead(receipt) {
      io.to([chatRoom(receipt.chatId), userRoom(receipt.userId)]).emit(SOCKET_EVENTS.messageRead, receipt);
    },
    chatCreated(opts) {
      // An empty room list would select every socket: guard although a chat always has members.
      if (opts.memberIds.length > 0) io.in(opts.memberIds.map(userRoom)).socketsJoin(chatRoom(opts.chatId));
      io.to(userRoom(opts.recipientId)).emit(SOCKET_EVENTS.chatCreated, opts.chat);
    },
    chatDeleted(opts) {
      const room = chatRoom(opts.chatId);
      io.to([room, ...opts.memberIds.map(userRoom)]).emit(SOCKET_EVENTS.chatDeleted, { chatId: opts.chatId });
      io.in(room).socketsLeave(room);
    },
    notify(userId, notification) {
      io.to(userRoom(userId)).emit(SOCKET_EVENTS.notification, notification);
    },
    unreadCounts(userId, counts) {
      io.to(userRoom(userId)).emit(SOCKET_EVENTS.unreadCounts, counts);
    },
  };
}

/**
 * Presence goes to the user rooms of chat partners, not to chat rooms, so a partner hears it even
 * in tabs that left a chat's room. An empty room list would mean "everyone": never emit then.
 */
export function emitPresence(
  io: ChatIo,
  opts: { partnerIds: string[]; user: { id: string; username: string }; isOnline: boolean },
): void {
  if (opts.partnerIds.length === 0) return;
  const event = opts.isOnline ? SOCKET_EVENTS.userOnline : SOCKET_EVENTS.userOffline;
  io.to(opts.partnerIds.map(userRoom)).emit(event, { userId: opts.user.id, username: opts.user.username });
}
