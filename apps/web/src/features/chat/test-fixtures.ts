import type { Chat, ChatParticipant, Message } from '@glimpse/shared';
import { jsonResponse, makeSelfUser, stubFetch } from '../../test/render';

/** Builders of wire objects for the chat tests; ids are 24 hex characters like the server's. */

export const ME = 'a1b2c3d4e5f6a1b2c3d4e5f6';
export const BOB = 'b0b0b0b0b0b0b0b0b0b0b0b0';
export const CAROL = 'c0c0c0c0c0c0c0c0c0c0c0c0';
export const CHAT_1 = 'c1c1c1c1c1c1c1c1c1c1c1c1';
export const CHAT_2 = 'c2c2c2c2c2c2c2c2c2c2c2c2';

let counter = 0;
/** A fresh 24-hex id, increasing like the server's time-ordered ids. */
export function nextId(): string {
  counter += 1;
  return `f${counter.toString(16).padStart(23, '0')}`;
}

const NAMES: Record<string, [string, string]> = {
  [ME]: ['alice', 'Alice Liddell'],
  [BOB]: ['bob', 'Bob Stone'],
  [CAROL]: ['carol', 'Carol Jones'],
};

export function makeParticipant(id: string, overrides: Partial<ChatParticipant> = {}): ChatParticipant {
  const [username, displayName] = NAMES[id] ?? ['user', 'Some User'];
  return {
    id,
    _id: id,
    username,
    profile: { displayName, profilePicture: null },
    activity: { isOnline: false, lastActiveAt: null },
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<Message> & { senderId?: string } = {}): Message {
  const { senderId = BOB, ...rest } = overrides;
  const id = rest._id ?? rest.id ?? nextId();
  const [username, displayName] = NAMES[senderId] ?? ['user', 'Some User'];
  const at = rest.timestamp ?? '2026-03-01T10:00:00.000Z';
  const chatId = rest.chatId ?? CHAT_1;
  return {
    id,
    _id: id,
    chatId,
    chat: chatId,
    content: 'Hello',
    messageType: 'text',
    sender: {
      id: senderId,
      _id: senderId,
      username,
      profilePicture: null,
      profile: { displayName, profilePicture: null },
    },
    timestamp: at,
    createdAt: at,
    readBy: [{ user: senderId, readAt: at }],
    ...rest,
  };
}

export function makeChat(overrides: Partial<Chat> = {}): Chat {
  const id = overrides._id ?? overrides.id ?? CHAT_1;
  return {
    id,
    _id: id,
    type: 'direct',
    groupInfo: null,
    participants: [makeParticipant(ME), makeParticipant(BOB)],
    lastMessage: null,
    lastActivity: '2026-03-01T09:00:00.000Z',
    unreadCount: 0,
    isArchived: false,
    createdAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export type RouteHandler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/**
 * Stubs fetch with a tiny router keyed "METHOD /path" (GET /api/auth/me answers the signed-in
 * user unless overridden); anything else is a 404 so a forgotten route fails loudly.
 */
export function serveApi(routes: Record<string, RouteHandler>) {
  const all: Record<string, RouteHandler> = {
    'GET /api/auth/me': () => jsonResponse(makeSelfUser({ id: ME, _id: ME })),
    ...routes,
  };
  return stubFetch(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = all[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(url, init) : jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}
