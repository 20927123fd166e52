import { eq } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Chat, type SendMessageAck } from '@glimpse/shared';
import { messages } from '../db/schema/index.js';
import { seedUser, type SeededUser } from '../test/harness.js';
import { startSocketTestApp, type SocketTestKit, type TestClient } from './testing.js';

/**
 * What a socket may send and who may open one: every inbound event payload is held to the HTTP
 * text rules (no NUL, no unpaired surrogate, anywhere, keys included) before anything reads it,
 * and a connection from a browser page of another origin is refused.
 */
let kit: SocketTestKit;
beforeAll(async () => {
  kit = await startSocketTestApp({ CORS_ORIGINS: 'https://partner.example' });
});
afterEach(() => kit.closeClients());
afterAll(async () => {
  await kit.close();
});

async function chatOfTwo(): Promise<{ a: SeededUser; b: SeededUser; chat: Chat }> {
  const a = await seedUser(kit.t);
  const b = await seedUser(kit.t);
  return { a, b, chat: await kit.openChat(a, b) };
}

const stored = async (chatId: string) =>
  (
    await kit.t.database.db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.chatId, chatId))
  ).map((r) => r.content);

const sendWithAck = (c: TestClient, payload: unknown): Promise<SendMessageAck> =>
  c.socket.timeout(15_000).emitWithAck('send_message', payload) as Promise<SendMessageAck>;

describe('the text rules on socket events', () => {
  it.each([
    ['a NUL in the content', { content: 'hello\u0000world' }, 'send_message.content'],
    ['a lone high surrogate in the content', { content: 'broken \uD83D here' }, 'send_message.content'],
    ['a lone low surrogate in the content', { content: '\uDE00' }, 'send_message.content'],
    ['a NUL in the tempId', { content: 'fine', tempId: 'tmp\u0000' }, 'send_message.tempId'],
    ['a NUL in a key', { content: 'fine', ['x\u0000']: 1 }, 'send_message'],
  ])(
    'send_message with %s: `error` with the HTTP rule’s text, and nothing stored',
    async (_, extra, where) => {
      const { a, chat } = await chatOfTwo();
      const ca = await kit.connect(a);
      const message = MSG.unsafeTextIn(where);
      expect(await sendWithAck(ca, { chatId: chat.id, ...extra })).toEqual({ ok: false, message });
      expect(await ca.next('error')).toEqual({ message });
      expect(await stored(chat.id)).toEqual([]);
      // The socket goes on working.
      expect(await sendWithAck(ca, { chatId: chat.id, content: 'still here' })).toMatchObject({ ok: true });
    },
  );

  it('holds every other event to the same rules', async () => {
    const { a, chat } = await chatOfTwo();
    const ca = await kit.connect(a);
    const bad = `${chat.id}\u0000`;
    const cases: Array<[string, unknown, string]> = [
      ['join_chat', bad, 'join_chat'],
      ['leave_chat', '\uD800', 'leave_chat'],
      ['typing_start', { chatId: bad }, 'typing_start.chatId'],
      ['typing_stop', { chatId: bad }, 'typing_stop.chatId'],
      ['mark_message_read', { chatId: chat.id, messageId: '\uDFFF' }, 'mark_message_read.messageId'],
      ['authenticate', `${a.token}\u0000`, 'authenticate'],
    ];
    for (const [event, payload, where] of cases) {
      ca.socket.emit(event, payload);
      expect(await ca.next('error')).toEqual({ message: MSG.unsafeTextIn(where) });
    }
  });
});

/** Opens a raw connection sending `origin` (undefined: no Origin header), over one transport. */
function tryConnect(
  origin: string | undefined,
  transport: 'websocket' | 'polling',
): Promise<'connected' | string> {
  const socket = connectSocket(kit.origin, {
    path: '/socket.io',
    transports: [transport],
    reconnection: false,
    forceNew: true,
    extraHeaders: origin === undefined ? {} : { origin },
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.disconnect();
      resolve('connected');
    });
    socket.once('connect_error', (err: Error) => {
      socket.disconnect();
      resolve(err.message);
    });
  });
}

describe('who may open a socket', () => {
  it.each(['websocket', 'polling'] as const)('refuses another site’s page, over %s', async (transport) => {
    expect(await tryConnect('https://evil.example', transport)).not.toBe('connected');
    expect(await tryConnect('http://glimpse.test.evil.example', transport)).not.toBe('connected');
    expect(await tryConnect('null', transport)).not.toBe('connected');
  });

  it.each(['websocket', 'polling'] as const)(
    'lets in the app’s own origin (PUBLIC_ORIGIN, or the one the request reached), CORS_ORIGINS, and clients that send no Origin, over %s',
    async (transport) => {
      expect(await tryConnect('http://glimpse.test', transport)).toBe('connected');
      expect(await tryConnect(kit.origin, transport)).toBe('connected');
      expect(await tryConnect('https://partner.example', transport)).toBe('connected');
      expect(await tryConnect(undefined, transport)).toBe('connected');
    },
  );
});
