import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  JWT_TTL_SECONDS,
  SOCKET_ERRORS,
  type Chat,
  type Message,
  type SendMessageAck,
} from '@glimpse/shared';
import { messages } from '../db/schema/index.js';
import { signToken } from '../lib/jwt.js';
import { seedUser, TEST_JWT_SECRET, type SeededUser } from '../test/harness.js';
import { startSocketTestApp, type SocketTestKit, type TestClient } from './testing.js';
import { chatRoom } from './types.js';

let kit: SocketTestKit;
beforeAll(async () => {
  kit = await startSocketTestApp();
});
afterEach(() => kit.closeClients());
afterAll(async () => {
  await kit.close();
});

const UNKNOWN_ID = 'e'.repeat(24);
const seed = () => seedUser(kit.t);

async function chatOfTwo(): Promise<{ a: SeededUser; b: SeededUser; chat: Chat }> {
  const a = await seed();
  const b = await seed();
  return { a, b, chat: await kit.openChat(a, b) };
}

const sendWithAck = (c: TestClient, payload: unknown): Promise<SendMessageAck> =>
  c.socket.timeout(15_000).emitWithAck('send_message', payload) as Promise<SendMessageAck>;

const storedContents = async (chatId: string) =>
  (
    await kit.t.database.db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(messages.id)
  ).map((r) => r.content);

describe('authentication', () => {
  it('answers `authenticate` with the member, and accepts the handshake token too', async () => {
    const a = await seed();
    const anonymous = await kit.connect();
    anonymous.socket.emit('authenticate', a.token);
    expect(await anonymous.next('authenticated')).toEqual({
      success: true,
      user: { id: a.id, username: a.username, profile: { displayName: a.username, profilePicture: null } },
    });
    // The same token again (the handshake plus the event, as clients do) answers again, once each.
    anonymous.socket.emit('authenticate', a.token);
    await anonymous.next('authenticated');
    await kit.connect(a); // resolves only on `authenticated`
  });

  it.each([
    ['garbage', () => 'not.a.token', 'Invalid token'],
    [
      'another secret',
      (u: SeededUser) =>
        signToken(
          { userId: u.id, username: u.username, email: u.email, sid: 'a'.repeat(24) },
          'x'.repeat(40),
        ),
      'Invalid token',
    ],
    [
      'expired',
      (u: SeededUser) =>
        signToken(
          { userId: u.id, username: u.username, email: u.email, sid: 'a'.repeat(24) },
          TEST_JWT_SECRET,
          Math.floor(Date.now() / 1000) - JWT_TTL_SECONDS - 60,
        ),
      'Token expired',
    ],
    [
      'unknown user',
      () =>
        signToken(
          { userId: UNKNOWN_ID, username: 'ghost', email: 'g@gmail.com', sid: 'a'.repeat(24) },
          TEST_JWT_SECRET,
        ),
      'Access token required',
    ],
    ['empty', () => '', 'Access token required'],
    ['a number', () => 42, 'Access token required'],
    ['null', () => null, 'Access token required'],
  ])('answers authentication_error for a %s token', async (_label, tokenOf, message) => {
    const user = await seed();
    const c = await kit.connect();
    c.socket.emit('authenticate', await tokenOf(user));
    expect(await c.next('authentication_error')).toEqual({ message });
    c.socket.emit('join_chat', UNKNOWN_ID);
    expect(await c.next('error')).toEqual({ message: SOCKET_ERRORS.notAuthenticated });
  });

  it('refuses every event before authentication with "Not authenticated"', async () => {
    const { chat } = await chatOfTwo();
    const c = await kit.connect();
    for (const event of ['join_chat', 'leave_chat', 'mark_message_read', 'typing_start', 'typing_stop']) {
      c.socket.emit(event, { chatId: chat.id, messageId: chat.id });
      expect(await c.next('error')).toEqual({ message: SOCKET_ERRORS.notAuthenticated });
    }
    expect(await sendWithAck(c, { chatId: chat.id, content: 'hi', messageType: 'text' })).toEqual({
      ok: false,
      message: SOCKET_ERRORS.notAuthenticated,
    });
    expect(await storedContents(chat.id)).toEqual([]);
  });
});

describe('join_chat / leave_chat', () => {
  it('checks the id, the chat and the membership', async () => {
    const { chat } = await chatOfTwo();
    const outsider = await kit.connect(await seed());
    for (const [payload, message] of [
      ['short', SOCKET_ERRORS.invalidChatId],
      [UNKNOWN_ID, SOCKET_ERRORS.chatNotFound],
      [chat.id, SOCKET_ERRORS.accessDenied],
      [{ chatId: chat.id }, SOCKET_ERRORS.accessDenied],
    ] as const) {
      outsider.socket.emit('join_chat', payload);
      expect(await outsider.next('error')).toEqual({ message });
    }
  });

  it("stops and resumes the room's messages", async () => {
    const { a, b, chat } = await chatOfTwo();
    const ca = await kit.connect(a);
    const cb = await kit.connect(b);
    // Neither event is answered: wait for its effect on the server before sending, or a busy
    // machine may run the send first (the test once failed that way).
    cb.socket.emit('leave_chat', chat.id);
    await kit.waitForRoom(cb, chatRoom(chat.id), false);
    await sendWithAck(ca, { chatId: chat.id, content: 'while away' });
    await cb.none('new_message');
    cb.socket.emit('join_chat', chat.id);
    await kit.waitForRoom(cb, chatRoom(chat.id));
    await sendWithAck(ca, { chatId: chat.id, content: 'back' });
    expect(await cb.next<Message>('new_message')).toMatchObject({ content: 'back' });
  });
});

describe('send_message', () => {
  it('stores, then sends the message to the room and to every tab of the sender, once each', async () => {
    const { a, b, chat } = await chatOfTwo();
    const a1 = await kit.connect(a);
    const a2 = await kit.connect(a, { via: 'event' });
    const cb = await kit.connect(b);
    const ack = await sendWithAck(a1, {
      chatId: chat.id,
      content: '  hello  ',
      messageType: 'text',
      tempId: 'tmp-1',
    });
    expect(ack).toMatchObject({
      ok: true,
      message: { content: 'hello', chatId: chat.id, chat: chat.id, tempId: 'tmp-1', sender: { id: a.id } },
    });
    const message = (ack as { message: Message }).message;

    const received = await cb.next<Message>('new_message');
    expect(received).toEqual({ ...message, tempId: undefined });
    expect(received).not.toHaveProperty('tempId');
    expect(await a1.next<Message>('new_message')).toEqual(message);
    expect(await a2.next<Message>('new_message')).toEqual(message);
    expect(await storedContents(chat.id)).toEqual(['hello']);
    await Promise.all([a1.none('new_message'), a2.none('new_message'), cb.none('new_message')]);

    // A numeric tempId (Date.now()) comes back as text; without an ack, nothing breaks.
    a1.socket.emit('send_message', { chatId: chat.id, content: 'second', tempId: 1234 });
    expect(await a2.next<Message>('new_message')).toMatchObject({ content: 'second', tempId: '1234' });
  });

  it.each([
    [{ content: '' }, SOCKET_ERRORS.contentRequired],
    [{ content: '   \n ' }, SOCKET_ERRORS.contentRequired],
    [{ content: 42 }, SOCKET_ERRORS.contentRequired],
    [{}, SOCKET_ERRORS.contentRequired],
    [{ content: 'x'.repeat(2001) }, SOCKET_ERRORS.tooLong],
    [{ content: 'hi', messageType: 'image' }, SOCKET_ERRORS.sendFailed],
    [{ content: 'hi', tempId: 'x'.repeat(101) }, SOCKET_ERRORS.sendFailed],
    [{ content: 'hi', chatId: 'bad' }, SOCKET_ERRORS.invalidChatId],
    [{ content: 'hi', chatId: UNKNOWN_ID }, SOCKET_ERRORS.chatNotFound],
  ])('refuses %j with "%s" and stores nothing', async (extra, message) => {
    const { a, chat } = await chatOfTwo();
    const ca = await kit.connect(a);
    expect(await sendWithAck(ca, { chatId: chat.id, ...extra })).toEqual({ ok: false, message });
    expect(await ca.next('error')).toEqual({ message });
    expect(await storedContents(chat.id)).toEqual([]);
  });

  it('accepts exactly 2,000 characters', async () => {
    const { a, chat } = await chatOfTwo();
    const ca = await kit.connect(a);
    expect(await sendWithAck(ca, { chatId: chat.id, content: 'y'.repeat(2000) })).toMatchObject({ ok: true });
  });

  it("keeps one sender's 20 quick messages in order, stored and received", async () => {
    const { a, b, chat } = await chatOfTwo();
    const ca = await kit.connect(a);
    const cb = await kit.connect(b);
    const contents = Array.from({ length: 20 }, (_, i) => `msg ${i}`);
    for (const content of contents)
      ca.socket.emit('send_message', { chatId: chat.id, content, messageType: 'text' });
    const received: string[] = [];
    for (let i = 0; i < 20; i++) received.push((await cb.next<Message>('new_message')).content);
    expect(received).toEqual(contents);
    expect(await storedContents(chat.id)).toEqual(contents);
  });

  it('refuses more than 20 messages in 10 seconds with "Too many messages"', async () => {
    const { a, chat } = await chatOfTwo();
    const ca = await kit.connect(a);
    const acks = await Promise.all(
      Array.from({ length: 22 }, (_, i) => sendWithAck(ca, { chatId: chat.id, content: `n${i}` })),
    );
    expect(acks.filter((x) => x.ok)).toHaveLength(20);
    expect(acks.slice(20)).toEqual([
      { ok: false, message: SOCKET_ERRORS.tooMany },
      { ok: false, message: SOCKET_ERRORS.tooMany },
    ]);
    expect(await storedContents(chat.id)).toHaveLength(20);
  });
});

describe('typing', () => {
  it("tells the other member, not the typist's tabs, and says when it stops", async () => {
    const { a, b, chat } = await chatOfTwo();
    const a1 = await kit.connect(a);
    const a2 = await kit.connect(a);
    const cb = await kit.connect(b);
    a1.socket.emit('typing_start', { chatId: chat.id });
    expect(await cb.next('user_typing')).toEqual({ chatId: chat.id, userId: a.id, username: a.username });
    a1.socket.emit('typing_stop', { chatId: chat.id });
    expect(await cb.next('user_stopped_typing')).toEqual({
      chatId: chat.id,
      userId: a.id,
      username: a.username,
    });
    await Promise.all([a1.none('user_typing'), a2.none('user_typing')]);

    // Sending, or leaving, ends the typing indicator too.
    a1.socket.emit('typing_start', { chatId: chat.id });
    await cb.next('user_typing');
    await sendWithAck(a1, { chatId: chat.id, content: 'done typing' });
    expect(await cb.next('user_stopped_typing')).toMatchObject({ userId: a.id });
    a1.socket.emit('typing_start', { chatId: chat.id });
    await cb.next('user_typing');
    a1.close();
    expect(await cb.next('user_stopped_typing')).toMatchObject({ userId: a.id });
  });
});

describe('mark_message_read', () => {
  it("tells the room who read what, and clears the reader's unread count", async () => {
    const { a, b, chat } = await chatOfTwo();
    const ca = await kit.connect(a);
    const cb = await kit.connect(b);
    const sent: Message[] = [];
    for (const content of ['one', 'two', 'three']) {
      sent.push(((await sendWithAck(ca, { chatId: chat.id, content })) as { message: Message }).message);
    }
    const unreadOfB = async () => {
      const res = await kit.t.app.inject({ method: 'GET', url: '/api/chats', headers: b.auth });
      return res.json<Chat[]>().find((c) => c.id === chat.id)!.unreadCount;
    };
    expect(await unreadOfB()).toBe(3);

    cb.socket.emit('mark_message_read', { chatId: chat.id, messageId: sent[1]!.id });
    const receipt = await ca.next<{ readAt: string }>('message_read');
    expect(receipt).toEqual({
      chatId: chat.id,
      messageId: sent[1]!.id,
      userId: b.id,
      username: b.username,
      readAt: receipt.readAt,
    });
    expect(Date.parse(receipt.readAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await unreadOfB()).toBe(1);

    cb.socket.emit('mark_message_read', { chatId: chat.id, messageId: sent[2]!.id });
    await ca.next('message_read');
    expect(await unreadOfB()).toBe(0);
    const history = await kit.t.app.inject({
      method: 'GET',
      url: `/api/chats/${chat.id}/messages`,
      headers: a.auth,
    });
    expect(history.json<Message[]>().map((m) => m.readBy.map((r) => r.user))).toEqual([
      [a.id, b.id],
      [a.id, b.id],
      [a.id, b.id],
    ]);
  });

  it('checks the ids, the message and the membership', async () => {
    const { a, b, chat } = await chatOfTwo();
    const cb = await kit.connect(b);
    const { message } = (await sendWithAck(await kit.connect(a), { chatId: chat.id, content: 'x' })) as {
      message: Message;
    };
    const outsider = await kit.connect(await seed());
    for (const [c, payload, error] of [
      [cb, { chatId: chat.id, messageId: 'bad' }, SOCKET_ERRORS.invalidMessageId],
      [cb, { chatId: chat.id }, SOCKET_ERRORS.invalidMessageId],
      [cb, { chatId: chat.id, messageId: UNKNOWN_ID }, SOCKET_ERRORS.messageNotFound],
      [cb, { chatId: UNKNOWN_ID, messageId: message.id }, SOCKET_ERRORS.chatNotFound],
      [outsider, { chatId: chat.id, messageId: message.id }, SOCKET_ERRORS.accessDenied],
    ] as const) {
      c.socket.emit('mark_message_read', payload);
      expect(await c.next('error')).toEqual({ message: error });
    }
  });
});
