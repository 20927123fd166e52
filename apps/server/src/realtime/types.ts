import type { ClientToServerEvents, ServerToClientEvents } from '@glimpse/shared';
import type { Server, Socket } from 'socket.io';

/**
 * What clients send, as the server must treat it: anything at all. Handlers receive `unknown`
 * and validate, so a typed client map can never stand in for a check.
 */
export type InboundEvents = { [K in keyof ClientToServerEvents]: (...args: unknown[]) => void };

/** The signed-in member behind a socket, as `authenticated` reports it. */
export interface SocketUser {
  id: string;
  username: string;
  profile: {
    displayName: string;
    profilePicture: { url: string; filename: string; uploadedAt: string } | null;
  };
}

export interface SocketData {
  user?: SocketUser;
  /** Whether this socket is counted in its user's presence (so it is uncounted exactly once). */
  counted?: boolean;
  /** Chats this socket said it is typing in, so leaving or sending can say it stopped. */
  typingIn?: Set<string>;
}

export type ChatIo = Server<InboundEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type ChatSocket = Socket<InboundEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Every socket of a member, on any node. */
export const userRoom = (userId: string): string => `user:${userId}`;
/** Every socket that joined a chat, on any node. */
export const chatRoom = (chatId: string): string => `chat:${chatId}`;
