import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MOD_MSG,
  SOCKET_ERRORS,
  type Chat,
  type Message,
  type SendMessageAck,
  type UnreadCounts,
} from '@glimpse/shared';
import { blocks, chatMembers, chats, messages, users } from '../db/schema/index.js';
import { seedUser, type SeededUser } from '../test/harness.js';
import { startSocketTestApp, type SocketTestKit, type TestClient } from './testing.js';

/**
 * The one-statement send (messages.repo.ts SEND_MESSAGE_SQL): every way it can stop answers as
 * the step-by-step transaction did (same ack and `error` bodies, nothing stored), and a stored
 * message is the same object the history returns.
 */
let kit: SocketTestKit;
beforeAll(async () => {
  kit = await startSocketTestApp();
});
afterEach(() => kit.closeClients());
afterAll(async () => {
  await kit.close();
});

const db = () => kit.t.database.db;
const seed = (values: Parameters<typeof seedUser>[1] = {}) => seedUser(kit.t, values);

async function chatOfTwo(): Promise<{ a: SeededUser; b: SeededUser; chat: Chat }> {
  const a = await seed();
  const b = await seed();
  return { a, b, chat: await kit.openChat(a, b) };
}

const sendWithAck = (c: TestClient, payload: unknown): Promise<SendMessageAck> =>
  c.socket.timeout(15_000).emitWithAck('send_message', payload) as Promise<SendMessageAck>;

async function storedCount(chatId: string): Promise<number> {
  return (await db().select({ id: messages.id }).from(messages).where(eq(messages.chatId, chatId))).length;
}

async function chatState(chatId: string) {
  const [chat] = await db()
    .select({ lastMessageId: chats.lastMessageId, lastActivityAt: chats.lastActivityAt })
    .from(chats)
    .where(eq(chats.id, chatId));
  const members = await db()
    .select({ userId: chatMembers.userId, unreadCount: chatMembers.unreadCount })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  return { chat, unread: Object.fromEntries(members.map((m) => [m.userId, m.unreadCount])) };
}

/** Sends as `sender` and expects the refusal `message` in the ack and in `error`, with nothing changed. */
async function expectRefused(sender: SeededUser, chatId: string, message: string): Promise<void> {
  const before = await chatState(chatId);
  const c = await kit.connect(sender);
  expect(await sendWithAck(c, { chatId, content: 'hello?', messageType: 'text', tempId: 't1' })).toEqual({
    ok: false,
    message,
  });
  expect(await c.next('error')).toEqual({ message });
  expect(await storedCount(chatId)).toBe(0);
  expect(await chatState(chatId)).toEqual(before);
}

describe('send_message refusals', () => {
  it('refuses a member of another chat with "Access denied to chat"', async () => {
    const { chat } = await chatOfTwo();
    await expectRefused(await seed(), chat.id, SOCKET_ERRORS.accessDenied);
  });

  it('refuses a chat that does not exist with "Chat not found"', async () => {
    await expectRefused(await seed(), 'e'.repeat(24), SOCKET_ERRORS.chatNotFound);
  });

  it('refuses across a block in either direction, and sends again once it is lifted', async () => {
    for (const senderBlocks of [true, false]) {
      const { a, b, chat } = await chatOfTwo();
      const [blockerId, blockedId] = senderBlocks ? [a.id, b.id] : [b.id, a.id];
      await db().insert(blocks).values({ blockerId, blockedId });
      await expectRefused(a, chat.id, MOD_MSG.blockedInteraction);
      await db().delete(blocks).where(eq(blocks.blockerId, blockerId));
      const c = await kit.connect(a);
      expect(await sendWithAck(c, { chatId: chat.id, content: 'again' })).toMatchObject({ ok: true });
    }
  });

  it('refuses a suspended partner, and not one whose suspension has ended', async () => {
    const { a, b, chat } = await chatOfTwo();
    await db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, b.id));
    await expectRefused(a, chat.id, MOD_MSG.blockedInteraction);
    await db()
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 60_000) })
      .where(eq(users.id, b.id));
    const c = await kit.connect(a);
    expect(await sendWithAck(c, { chatId: chat.id, content: 'welcome back' })).toMatchObject({ ok: true });
  });
});

describe('a stored message', () => {
  it('moves the chat and the partner’s unread count, and is the same object the history returns', async () => {
    const { a, b, chat } = await chatOfTwo();
    const ca = await kit.connect(a);
    const cb = await kit.connect(b);
    // A profile change after signing in shows in the next message: the sender is read as it is now.
    await db().update(users).set({ displayName: 'Ana Renamed' }).where(eq(users.id, a.id));
    const ack = await sendWithAck(ca, { chatId: chat.id, content: 'first', tempId: 'x' });
    if (!ack.ok) throw new Error(ack.message);
    const { tempId, ...message } = ack.message;
    expect(tempId).toBe('x');
    expect(message.sender.profile.displayName).toBe('Ana Renamed');
    expect(await cb.next<Message>('new_message')).toEqual(message);
    expect(await cb.next<UnreadCounts>('unread_counts')).toEqual({ notifications: 0, messages: 1 });

    const history = await kit.t.app.inject({
      method: 'GET',
      url: `/api/chats/${chat.id}/messages`,
      headers: b.auth,
    });
    expect(history.json<Message[]>()).toEqual([message]);
    const state = await chatState(chat.id);
    expect(state.chat?.lastMessageId).toBe(message.id);
    expect(state.chat?.lastActivityAt.toISOString()).toBe(message.createdAt);
    expect(state.unread).toEqual({ [a.id]: 0, [b.id]: 1 });
  });

  it('ends with badges that count every message of a burst, in both directions', async () => {
    const { a, b, chat } = await chatOfTwo();
    const ca = await kit.connect(a);
    const cb = await kit.connect(b);
    const sends = [];
    for (let i = 0; i < 6; i++) {
      sends.push(sendWithAck(ca, { chatId: chat.id, content: `a${i}` }));
      sends.push(sendWithAck(cb, { chatId: chat.id, content: `b${i}` }));
    }
    expect((await Promise.all(sends)).every((x) => x.ok)).toBe(true);
    // Pushes merge per member, so how many arrive varies; the last one counts every message.
    const settled = (c: TestClient) => c.next<UnreadCounts>('unread_counts', (x) => x.messages === 6);
    await Promise.all([settled(ca), settled(cb)]);
    await new Promise((r) => setTimeout(r, 300));
    const last = (c: TestClient) => c.events.filter((e) => e.event === 'unread_counts').at(-1)?.payload;
    expect(last(ca)).toEqual({ notifications: 0, messages: 6 });
    expect(last(cb)).toEqual({ notifications: 0, messages: 6 });
  });
});
