import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '@glimpse/shared';
import { users } from '../db/schema/index.js';
import { seedUser, type SeededUser } from '../test/harness.js';
import { startSocketTestApp, type SocketTestKit } from './testing.js';

let kit: SocketTestKit;
beforeAll(async () => {
  kit = await startSocketTestApp();
});
afterEach(() => kit.closeClients());
afterAll(async () => {
  await kit.close();
});

const seed = () => seedUser(kit.t);

async function activityOf(viewer: SeededUser, chatId: string, userId: string) {
  const res = await kit.t.app.inject({ method: 'GET', url: '/api/chats', headers: viewer.auth });
  return res
    .json<Chat[]>()
    .find((c) => c.id === chatId)!
    .participants.find((p) => p.id === userId)!.activity;
}

async function isOnlineInDb(userId: string): Promise<boolean> {
  const [row] = await kit.t.database.db
    .select({ isOnline: users.isOnline })
    .from(users)
    .where(eq(users.id, userId));
  return row!.isOnline;
}

describe('presence', () => {
  it('is per member: the first tab in says online, the last one out says offline, to chat partners only', async () => {
    const a = await seed();
    const b = await seed();
    const stranger = await seed();
    const chat = await kit.openChat(a, b);
    const cb = await kit.connect(b);
    const cs = await kit.connect(stranger);
    expect(await activityOf(b, chat.id, a.id)).toEqual({ isOnline: false, lastActiveAt: null });

    const tab1 = await kit.connect(a);
    expect(await cb.next('user_online')).toEqual({ userId: a.id, username: a.username });
    const online = await activityOf(b, chat.id, a.id);
    expect(online.isOnline).toBe(true);
    expect(Date.parse(online.lastActiveAt!)).toBeGreaterThan(Date.now() - 60_000);

    const tab2 = await kit.connect(a, { via: 'event' });
    await cb.none('user_online');
    tab1.close();
    await cb.none('user_offline');
    expect(await isOnlineInDb(a.id)).toBe(true);

    tab2.close();
    expect(await cb.next('user_offline')).toEqual({ userId: a.id, username: a.username });
    expect(await isOnlineInDb(a.id)).toBe(false);
    expect((await activityOf(b, chat.id, a.id)).lastActiveAt).not.toBeNull();

    await cs.none('user_online', undefined, 0);
    await cs.none('user_offline', undefined, 0);
  });

  it('moves with a socket that signs in as someone else', async () => {
    const a = await seed();
    const b = await seed();
    const other = await seed();
    await kit.openChat(a, b);
    const cb = await kit.connect(b);
    const socket = await kit.connect(a);
    await cb.next('user_online');

    socket.socket.emit('authenticate', other.token);
    await socket.next('authenticated');
    expect(await cb.next('user_offline')).toEqual({ userId: a.id, username: a.username });
    expect(await isOnlineInDb(a.id)).toBe(false);
    expect(await isOnlineInDb(other.id)).toBe(true);
  });

  it('marks everyone offline when the server shuts down', async () => {
    const solo = await startSocketTestApp();
    try {
      const a = await seedUser(solo.t);
      await solo.connect(a);
      const [before] = await solo.t.database.db
        .select({ isOnline: users.isOnline })
        .from(users)
        .where(eq(users.id, a.id));
      expect(before!.isOnline).toBe(true);
      // Closing the app disconnects its sockets and waits for their sign-out before the database goes.
      await solo.t.app.close();
      const [after] = await solo.t.database.db
        .select({ isOnline: users.isOnline })
        .from(users)
        .where(eq(users.id, a.id));
      expect(after!.isOnline).toBe(false);
    } finally {
      await solo.close();
    }
  });
});
