import type { ClientToServerEvents, ServerToClientEvents, SocketUser } from '@glimpse/shared';
import type { Server, Socket } from 'socket.io';
import type { NodeEvent } from '../context.js';
import type { PublicUrls } from '../lib/public-urls.js';

/**
 * What clients send, as the server must treat it: anything at all. Handlers receive `unknown`
 * and validate, so a typed client map can never stand in for a check.
 */
export type InboundEvents = { [K in keyof ClientToServerEvents]: (...args: unknown[]) => void };

export interface SocketData {
  user?: SocketUser;
  /** The session of the token the socket signed in with (ending it cuts this socket). */
  sessionId?: string;
  /** Absolute URLs as this socket's client sees them (from its handshake). */
  urls?: PublicUrls;
  /** Whether this socket is counted in its user's presence (so it is uncounted exactly once). */
  counted?: boolean;
  /** Chats this socket said it is typing in, so leaving or sending can say it stopped. */
  typingIn?: Set<string>;
}

/** Events between app nodes (`serverSideEmit` through the Redis adapter), answered with an ack. */
export interface NodeToNodeEvents {
  node_event: (event: NodeEvent, ack: () => void) => void;
}

export type ChatIo = Server<InboundEvents, ServerToClientEvents, NodeToNodeEvents, SocketData>;
export type ChatSocket = Socket<InboundEvents, ServerToClientEvents, NodeToNodeEvents, SocketData>;

/** Every socket of a member, on any node. */
export const userRoom = (userId: string): string => `user:${userId}`;
/** Every socket signed in with a token of this session, on any node. */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
/** Every socket that joined a chat, on any node. */
export const chatRoom = (chatId: string): string => `chat:${chatId}`;

/** The URLs of the socket's client; set at connection from its handshake. */
export function socketUrls(socket: ChatSocket): PublicUrls {
  if (!socket.data.urls) throw new Error('socket urls are set on connection');
  return socket.data.urls;
}
