import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Chat, type Message } from '@glimpse/shared';
import { chats, messageReads, messages } from '../../db/schema/index.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { publicUrlsFor } from '../../lib/public-urls.js';
import { markChatRead, sendChatMessage } from './messages.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN_ID = 'f'.repeat(24);

async function openChat(a: SeededUser, b: SeededUser): Promise<Chat> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chats',
    headers: a.auth,
    payload: { participantId: b.id },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Chat>();
}

/** Through the same service the socket uses; no socket is connected, so the broadcast goes nowhere. */
const send = (from: SeededUser, chatId: string, content: string) =>
  sendChatMessage(t.app.ctx, from, { chatId, content }, publicUrlsFor(t.config, 'http://localhost'));

const listChats = async (user: SeededUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/chats', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json<Chat[]>();
};

const getMessages = (user: SeededUser, chatId: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/chats/${chatId}/messages${query}`, headers: user.auth });

describe('POST /api/chats', () => {
  it.each([
    ['missing', {}],
    ['malformed', { participantId: 'abc' }],
    ['uppercase', { participantId: 'A'.repeat(24) }],
    ['a number', { participantId: 42 }],
    ['null', { participantId: null }],
    ['an array body', [1, 2]],
  ])('answers 400 "Invalid participant ID" for a %s participant', async (_label, payload) => {
    const a = await seedUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/chats', headers: a.auth, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.invalidParticipant, code: 'VALIDATION' });
  });

  it('refuses a chat with oneself and an unknown user, and requires a token', async () => {
    const a = await seedUser(t);
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: a.auth,
      payload: { participantId: a.id },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(MSG.invalidParticipant);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: a.auth,
      payload: { participantId: UNKNOWN_ID },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      payload: { participantId: a.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('creates a direct chat in the API.md shape and returns the same one to either member', async () => {
    const a = await seedUser(t, { displayName: 'Ana A' });
    const b = await seedUser(t, { avatarUrl: '/media/b.webp', avatarFilename: 'b.webp' });
    const chat = await openChat(a, b);
    expect(chat.id).toMatch(/^[0-9a-f]{24}$/);
    expect(chat).toMatchObject({
      _id: chat.id,
      type: 'direct',
      groupInfo: null,
      lastMessage: null,
      unreadCount: 0,
    });
    expect(new Date(chat.lastActivity).toISOString()).toBe(chat.lastActivity);
    expect(new Date(chat.createdAt).toISOString()).toBe(chat.createdAt);
    expect(chat.participants.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    const ana = chat.participants.find((p) => p.id === a.id)!;
    expect(ana).toEqual({
      id: a.id,
      _id: a.id,
      username: a.username,
      profile: { displayName: 'Ana A', profilePicture: null },
      activity: { isOnline: false, lastActiveAt: null },
    });
    expect(chat.participants.find((p) => p.id === b.id)!.profile.profilePicture).toMatchObject({
      url: 'http://glimpse.test/media/b.webp',
    });
    expect(JSON.stringify(chat)).not.toMatch(/email|password/i);

    expect((await openChat(a, b)).id).toBe(chat.id);
    expect((await openChat(b, a)).id).toBe(chat.id);
  });

  it('makes exactly one chat when both members create it at the same moment', async () => {
    const a = await seedUser(t);
    const b = await seedUser(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/chats',
          headers: (i % 2 ? a : b).auth,
          payload: { participantId: (i % 2 ? b : a).id },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(results.map((r) => r.json<Chat>().id)).size).toBe(1);
    const key = [a.id, b.id].sort().join(':');
    expect(
      await t.database.db.select({ id: chats.id }).from(chats).where(eq(chats.directKey, key)),
    ).toHaveLength(1);
  });
});

describe('GET /api/chats', () => {
  it('lists each chat once, most recent activity first, with unread counts per member', async () => {
    const me = await seedUser(t);
    const [x, y, z] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const withX = await openChat(me, x);
    const withY = await openChat(y, me);
    const withZ = await openChat(me, z);
    await send(x, withX.id, 'hello from x');
    await send(x, withX.id, 'again from x');
    await send(me, withY.id, 'hi y');
    // withZ is the newest chat but has no message; withY has the latest message.
    const list = await listChats(me);
    expect(list.map((c) => c.id)).toEqual([withY.id, withX.id, withZ.id]);
    expect(list.map((c) => c.unreadCount)).toEqual([0, 2, 0]);
    expect(list[1]!.lastMessage).toMatchObject({
      content: 'again from x',
      chatId: withX.id,
      sender: { id: x.id },
    });
    expect(list[2]!.lastMessage).toBeNull();
    expect((await listChats(y)).find((c) => c.id === withY.id)).toMatchObject({
      unreadCount: 1,
      lastMessage: { content: 'hi y', sender: { id: me.id, username: me.username } },
    });
    expect(await listChats(await seedUser(t))).toEqual([]);
  });

  it('requires a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/chats' })).statusCode).toBe(401);
  });
});

describe('GET /api/chats/{chatId}/messages', () => {
  it('answers 400, 404 and 403 per API.md', async () => {
    const a = await seedUser(t);
    const b = await seedUser(t);
    const outsider = await seedUser(t);
    const chat = await openChat(a, b);
    const bad = await getMessages(a, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid chat ID', code: 'INVALID_ID' });
    const missing = await getMessages(a, UNKNOWN_ID);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Chat not found');
    const denied = await getMessages(outsider, chat.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: MSG.accessDenied, code: 'FORBIDDEN' });
    for (const query of ['?limit=0', '?limit=51', '?limit=x', '?before=zzz']) {
      expect((await getMessages(a, chat.id, query)).statusCode).toBe(400);
    }
  });

  it('pages the history oldest first, with `before` and readBy filled', async () => {
    const a = await seedUser(t);
    const b = await seedUser(t);
    const chat = await openChat(a, b);
    const sent: Message[] = [];
    for (let i = 0; i < 7; i++) sent.push(await send(i % 2 ? b : a, chat.id, `m${i}`));

    const page = (await getMessages(a, chat.id, '?limit=3')).json<Message[]>();
    expect(page.map((m) => m.content)).toEqual(['m4', 'm5', 'm6']);
    const older = (await getMessages(a, chat.id, `?limit=3&before=${page[0]!.id}`)).json<Message[]>();
    expect(older.map((m) => m.content)).toEqual(['m1', 'm2', 'm3']);
    const all = (await getMessages(b, chat.id)).json<Message[]>();
    expect(all.map((m) => m.id)).toEqual(sent.map((m) => m.id));

    const first = all[0]!;
    expect(first).toEqual({
      id: sent[0]!.id,
      _id: sent[0]!.id,
      chatId: chat.id,
      chat: chat.id,
      content: 'm0',
      messageType: 'text',
      sender: {
        id: a.id,
        _id: a.id,
        username: a.username,
        profilePicture: null,
        profile: { displayName: a.username, profilePicture: null },
      },
      timestamp: first.createdAt,
      createdAt: sent[0]!.createdAt,
      readBy: [{ user: a.id, readAt: first.createdAt }],
    });

    await markChatRead(t.app.ctx, b, { chatId: chat.id, messageId: sent[4]!.id });
    const after = (await getMessages(a, chat.id)).json<Message[]>();
    const readers = after.map((m) => m.readBy.map((r) => r.user));
    // b read a's messages up to m4; b's own and the later ones are not "read by b".
    expect(readers).toEqual([[a.id, b.id], [b.id], [a.id, b.id], [b.id], [a.id, b.id], [b.id], [a.id]]);
  });
});

describe('read receipts and unread counts', () => {
  it('counts what stays unread after the marked message', async () => {
    const a = await seedUser(t);
    const b = await seedUser(t);
    const chat = await openChat(a, b);
    const m = [];
    for (let i = 0; i < 4; i++) m.push(await send(a, chat.id, `n${i}`));
    const unread = async () => (await listChats(b)).find((c) => c.id === chat.id)!.unreadCount;
    expect(await unread()).toBe(4);
    await markChatRead(t.app.ctx, b, { chatId: chat.id, messageId: m[1]!.id });
    expect(await unread()).toBe(2);
    // Marking an older message again changes nothing.
    await markChatRead(t.app.ctx, b, { chatId: chat.id, messageId: m[0]!.id });
    expect(await unread()).toBe(2);
    await markChatRead(t.app.ctx, b, { chatId: chat.id, messageId: m[3]!.id });
    expect(await unread()).toBe(0);
    const reads = await t.database.db.select().from(messageReads).where(eq(messageReads.userId, b.id));
    expect(reads).toHaveLength(4);
    expect((await listChats(a)).find((c) => c.id === chat.id)!.unreadCount).toBe(0);
  });
});

describe('DELETE /api/chats/{chatId}', () => {
  it('answers 400, 404 and 403, then deletes the chat and its history for both members', async () => {
    const a = await seedUser(t);
    const b = await seedUser(t);
    const outsider = await seedUser(t);
    const chat = await openChat(a, b);
    await send(a, chat.id, 'soon gone');
    const del = (user: SeededUser, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/chats/${id}`, headers: user.auth });

    expect((await del(a, 'nope')).json()).toEqual({ message: 'Invalid chat ID', code: 'INVALID_ID' });
    expect((await del(a, UNKNOWN_ID)).statusCode).toBe(404);
    const denied = await del(outsider, chat.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MSG.accessDenied);

    const ok = await del(b, chat.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Chat deleted successfully' });
    expect((await listChats(a)).some((c) => c.id === chat.id)).toBe(false);
    expect((await listChats(b)).some((c) => c.id === chat.id)).toBe(false);
    expect((await getMessages(a, chat.id)).statusCode).toBe(404);
    expect(await t.database.db.select().from(messages).where(eq(messages.chatId, chat.id))).toEqual([]);
    // The pair can start over with a new chat.
    expect((await openChat(a, b)).id).not.toBe(chat.id);
  });
});

describe('PUT /api/chats/{chatId}/archive', () => {
  const archive = (who: SeededUser, chatId: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/chats/${chatId}/archive`, headers: who.auth, payload });

  it("moves a chat into the caller's Archive tab only, and back", async () => {
    const a = await seedUser(t);
    const b = await seedUser(t);
    const chat = await openChat(a, b);
    expect(chat.isArchived).toBe(false);
    const res = await archive(a, chat.id, { archived: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<Chat>()).toMatchObject({ id: chat.id, isArchived: true });
    expect((await listChats(a)).find((c) => c.id === chat.id)!.isArchived).toBe(true);
    expect((await listChats(b)).find((c) => c.id === chat.id)!.isArchived).toBe(false);
    expect((await archive(a, chat.id, { archived: true })).json<Chat>().isArchived).toBe(true);
    expect((await archive(a, chat.id, { archived: false })).json<Chat>().isArchived).toBe(false);
    expect((await listChats(a)).find((c) => c.id === chat.id)!.isArchived).toBe(false);
  });

  it('refuses non-members, bad ids and bad bodies', async () => {
    const a = await seedUser(t);
    const b = await seedUser(t);
    const outsider = await seedUser(t);
    const chat = await openChat(a, b);
    expect((await archive(outsider, chat.id, { archived: true })).statusCode).toBe(403);
    expect((await archive(a, 'nope', { archived: true })).statusCode).toBe(400);
    expect((await archive(a, 'f'.repeat(24), { archived: true })).statusCode).toBe(404);
    const bad = await archive(a, chat.id, { archived: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MSG.archivedInvalid });
    expect((await listChats(b)).find((c) => c.id === chat.id)!.isArchived).toBe(false);
  });
});
