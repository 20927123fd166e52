import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_ERRORS, type Chat, type Message, type SendMessageAck } from '@glimpse/shared';
import { seedUser } from '../test/harness.js';
import { connectClient, startSocketTestApp, type SocketTestKit, type TestClient } from './testing.js';

let kit: SocketTestKit;
beforeAll(async () => {
  kit = await startSocketTestApp();
});
afterEach(() => kit.closeClients());
afterAll(async () => {
  await kit.close();
});

const seed = () => seedUser(kit.t);
const sendWithAck = (c: TestClient, payload: unknown): Promise<SendMessageAck> =>
  c.socket.timeout(15_000).emitWithAck('send_message', payload) as Promise<SendMessageAck>;

describe('chat_created and chat_deleted', () => {
  it("puts both members in a new chat's room and tells the other member", async () => {
    const a = await seed();
    const b = await seed();
    const ca = await kit.connect(a);
    const b1 = await kit.connect(b);
    const b2 = await kit.connect(b);
    const chat = await kit.openChat(a, b);

    const created = await b1.next<Chat>('chat_created');
    expect(created).toEqual(chat);
    expect(created.participants.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    await b2.next('chat_created');
    await ca.none('chat_created');

    // No join_chat needed: every open socket of both members is already in the room.
    await sendWithAck(ca, { chatId: chat.id, content: 'first!' });
    expect(await b1.next<Message>('new_message')).toMatchObject({ content: 'first!' });
    expect(await b2.next<Message>('new_message')).toMatchObject({ content: 'first!' });
    await sendWithAck(b1, { chatId: chat.id, content: 'hey' });
    expect(await ca.next<Message>('new_message')).toMatchObject({ content: 'first!' }); // its own
    expect(await ca.next<Message>('new_message')).toMatchObject({ content: 'hey' });

    // Opening the existing chat again announces nothing.
    await kit.openChat(b, a);
    await b1.none('chat_created');
    await ca.none('chat_created');
  });

  it('tells every member of a deleted chat, and the chat is gone for sockets too', async () => {
    const a = await seed();
    const b = await seed();
    const chat = await kit.openChat(a, b);
    const ca = await kit.connect(a);
    const cb = await kit.connect(b);
    cb.socket.emit('leave_chat', chat.id);

    const res = await kit.t.app.inject({ method: 'DELETE', url: `/api/chats/${chat.id}`, headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(await ca.next('chat_deleted')).toEqual({ chatId: chat.id });
    expect(await cb.next('chat_deleted')).toEqual({ chatId: chat.id });

    expect(await sendWithAck(ca, { chatId: chat.id, content: 'anyone?' })).toEqual({
      ok: false,
      message: SOCKET_ERRORS.chatNotFound,
    });
    ca.socket.emit('typing_start', { chatId: chat.id });
    expect(await ca.next('error')).toEqual({ message: SOCKET_ERRORS.chatNotFound });
    await cb.none('user_typing');
  });
});

describe('non-members', () => {
  it('see nothing of a chat: not its messages, typing, receipts or presence', async () => {
    const a = await seed();
    const b = await seed();
    const chat = await kit.openChat(a, b);
    const outsider = await kit.connect(await seed());
    const ca = await kit.connect(a);
    const cb = await kit.connect(b);

    outsider.socket.emit('join_chat', chat.id);
    expect(await outsider.next('error')).toEqual({ message: SOCKET_ERRORS.accessDenied });
    expect(await sendWithAck(outsider, { chatId: chat.id, content: 'let me in' })).toEqual({
      ok: false,
      message: SOCKET_ERRORS.accessDenied,
    });
    outsider.socket.emit('typing_start', { chatId: chat.id });
    expect(await outsider.next('error')).toEqual({ message: SOCKET_ERRORS.accessDenied });
    await cb.none('user_typing');
    await cb.none('new_message');

    ca.socket.emit('typing_start', { chatId: chat.id });
    await cb.next('user_typing');
    const { message } = (await sendWithAck(ca, { chatId: chat.id, content: 'private' })) as {
      message: Message;
    };
    cb.socket.emit('mark_message_read', { chatId: chat.id, messageId: message.id });
    await ca.next('message_read');
    ca.close();
    await cb.next('user_offline');

    await new Promise((r) => setTimeout(r, 200));
    const seen = outsider.events.map((e) => e.event).filter((e) => e !== 'error' && e !== 'authenticated');
    expect(seen).toEqual([]);
    expect(JSON.stringify(outsider.events)).not.toContain('private');
  });
});

describe('transports', () => {
  it('serves long-polling clients too, beside the HTTP API on the same port', async () => {
    const a = await seed();
    const b = await seed();
    const chat = await kit.openChat(a, b);
    const cb = await kit.connect(b);
    const polling = await connectClient(kit.origin, { token: a.token, transports: ['polling'] });
    try {
      expect(polling.socket.io.engine.transport.name).toBe('polling');
      expect(await sendWithAck(polling, { chatId: chat.id, content: 'over polling' })).toMatchObject({
        ok: true,
      });
      expect(await cb.next<Message>('new_message')).toMatchObject({ content: 'over polling' });
      const health = await fetch(`${kit.origin}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      polling.close();
    }
  });
});

describe('malformed payloads', () => {
  const bad: unknown[] = [null, 42, [], 'x', {}, { chatId: 42 }, { chatId: ['a'] }, true];

  it.each(['join_chat', 'leave_chat', 'send_message', 'mark_message_read', 'typing_start', 'typing_stop'])(
    '%s answers each with "Invalid chat ID" and keeps working',
    async (event) => {
      const a = await seed();
      const b = await seed();
      const chat = await kit.openChat(a, b);
      const ca = await kit.connect(a);
      for (const payload of bad) {
        ca.socket.emit(event, payload);
        expect(await ca.next('error')).toEqual({ message: SOCKET_ERRORS.invalidChatId });
      }
      ca.socket.emit(event); // no payload at all
      expect(await ca.next('error')).toEqual({ message: SOCKET_ERRORS.invalidChatId });
      expect(await sendWithAck(ca, { chatId: chat.id, content: 'still here' })).toMatchObject({ ok: true });
    },
  );

  it('drops a connection that sends a 1 MB payload, and the server keeps answering', async () => {
    const a = await seed();
    const b = await seed();
    const chat = await kit.openChat(a, b);
    const cb = await kit.connect(b);
    const flooder = await kit.connect(a);
    const closed = new Promise<string>((resolve) => flooder.socket.once('disconnect', resolve));
    flooder.socket.emit('send_message', { chatId: chat.id, content: 'x'.repeat(1_000_000) });
    flooder.socket.emit('authenticate', 'y'.repeat(1_000_000));
    expect(await closed).toMatch(/transport (close|error)/);
    await cb.none('new_message');

    expect((await fetch(`${kit.origin}/api/health`)).status).toBe(200);
    const again = await connectClient(kit.origin, { token: a.token });
    try {
      expect(await sendWithAck(again, { chatId: chat.id, content: 'after the flood' })).toMatchObject({
        ok: true,
      });
      expect(await cb.next<Message>('new_message')).toMatchObject({ content: 'after the flood' });
    } finally {
      again.close();
    }
  });

  it('refuses events past the queue bound instead of growing without end', async () => {
    const a = await seed();
    const ca = await kit.connect(a);
    for (let i = 0; i < 200; i++) ca.socket.emit('join_chat', 'e'.repeat(24));
    const errors: string[] = [];
    for (let i = 0; i < 200; i++) errors.push((await ca.next<{ message: string }>('error')).message);
    expect(new Set(errors)).toEqual(new Set([SOCKET_ERRORS.chatNotFound, SOCKET_ERRORS.tooMany]));
    ca.socket.emit('join_chat', 'bad');
    expect(await ca.next('error')).toEqual({ message: SOCKET_ERRORS.invalidChatId });
  });
});
