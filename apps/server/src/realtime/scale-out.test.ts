import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, Message, Notification, SendMessageAck } from '@glimpse/shared';
import type { RedisAdapter } from '@socket.io/redis-adapter';
import { seedUser } from '../test/harness.js';
import { startSocketTestApp, type SocketTestKit, type TestClient } from './testing.js';

/**
 * Two app nodes, as behind a load balancer: separate Socket.IO servers that share only PostgreSQL
 * (the run's database server, embedded or DATABASE_URL) and Redis. Runs when REDIS_URL is set
 * (CI sets it).
 */
const redisUrl = process.env.REDIS_URL;
const SKIP_REASON = 'scale-out test skipped: two app nodes need a shared Redis; set REDIS_URL to run it';
if (!redisUrl) console.warn(SKIP_REASON);

const prefix = `glimpse-test:${process.pid}:${Date.now().toString(36)}:`;
let redis: Redis;
let node1: SocketTestKit;
let node2: SocketTestKit;

const sendWithAck = (c: TestClient, payload: unknown): Promise<SendMessageAck> =>
  c.socket.timeout(15_000).emitWithAck('send_message', payload) as Promise<SendMessageAck>;

async function deletePrefixedKeys(): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}

describe.skipIf(!redisUrl)('two app nodes through Redis', () => {
  beforeAll(async () => {
    redis = new Redis(redisUrl!, { maxRetriesPerRequest: 2 });
    node1 = await startSocketTestApp({}, { redis, redisPrefix: prefix });
    node2 = await startSocketTestApp({}, { redis, redisPrefix: prefix, shareDatabaseWith: node1.t });
    // The adapter subscribes asynchronously: wait until each node sees the other.
    const adapter = node1.t.app.io.of('/').adapter as unknown as RedisAdapter;
    for (let i = 0; (await adapter.serverCount()) < 2; i++) {
      if (i > 100) throw new Error('the two nodes never saw each other through Redis');
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterEach(() => {
    node1.closeClients();
    node2.closeClients();
  });
  afterAll(async () => {
    await node2?.close();
    await node1?.close();
    if (redis) {
      await deletePrefixedKeys();
      await redis.quit();
    }
  });

  it('lets members on different nodes chat, type, read and see presence as on one node', async () => {
    const a = await seedUser(node1.t);
    const b = await seedUser(node1.t);
    const chat = await node1.openChat(a, b);
    const cb = await node2.connect(b);

    const a1 = await node1.connect(a);
    expect(await cb.next('user_online')).toEqual({ userId: a.id, username: a.username });
    const a2 = await node2.connect(a);
    await cb.none('user_online');
    // One socket on each node, each counted under its node.
    expect(Object.values(await redis.hgetall(`${prefix}presence:user:${a.id}`))).toEqual(['1', '1']);
    expect(await redis.zcard(`${prefix}presence:nodes`)).toBe(2);

    const ack = await sendWithAck(a1, {
      chatId: chat.id,
      content: 'across nodes',
      messageType: 'text',
      tempId: 't1',
    });
    expect(ack).toMatchObject({ ok: true, message: { content: 'across nodes', tempId: 't1' } });
    const atB = await cb.next<Message>('new_message');
    expect(atB).toMatchObject({ content: 'across nodes', chatId: chat.id, sender: { id: a.id } });
    expect(atB).not.toHaveProperty('tempId');
    expect(await a2.next<Message>('new_message')).toMatchObject({ content: 'across nodes', tempId: 't1' });
    await Promise.all([cb.none('new_message'), a2.none('new_message')]);

    a1.socket.emit('typing_start', { chatId: chat.id });
    expect(await cb.next('user_typing')).toEqual({ chatId: chat.id, userId: a.id, username: a.username });
    await a2.none('user_typing');

    cb.socket.emit('mark_message_read', { chatId: chat.id, messageId: atB.id });
    expect(await a1.next('message_read')).toMatchObject({ chatId: chat.id, messageId: atB.id, userId: b.id });
    expect(await a2.next('message_read')).toMatchObject({ messageId: atB.id, userId: b.id });

    a1.close();
    await cb.none('user_offline');
    a2.close();
    expect(await cb.next('user_offline')).toEqual({ userId: a.id, username: a.username });
    expect(await redis.exists(`${prefix}presence:user:${a.id}`)).toBe(0);
  });

  it('tells a member on another node about a new chat and puts their sockets in its room', async () => {
    const a = await seedUser(node1.t);
    const c = await seedUser(node1.t);
    const ca = await node1.connect(a);
    const cc = await node2.connect(c);
    const chat = await node1.openChat(a, c);
    expect((await cc.next<Chat>('chat_created')).id).toBe(chat.id);
    await sendWithAck(ca, { chatId: chat.id, content: 'new chat, other node' });
    expect(await cc.next<Message>('new_message')).toMatchObject({ content: 'new chat, other node' });

    const res = await node2.t.app.inject({ method: 'DELETE', url: `/api/chats/${chat.id}`, headers: c.auth });
    expect(res.statusCode).toBe(200);
    expect(await ca.next('chat_deleted')).toEqual({ chatId: chat.id });
  });

  it('delivers notifications and badges live to a member on the other node', async () => {
    const ava = await seedUser(node1.t);
    const ben = await seedUser(node1.t);
    const post = await node1.t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: ava.auth,
      payload: { title: 'Across', content: 'nodes', category: 'Travel' },
    });
    const postId = post.json<{ post: { id: string } }>().post.id;
    const avaOn2 = await node2.connect(ava);
    const like = await node1.t.app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/like`,
      headers: ben.auth,
    });
    expect(like.statusCode).toBe(200);
    expect(await avaOn2.next<Notification>('notification')).toMatchObject({
      type: 'like',
      actor: { id: ben.id },
      post: { id: postId, title: 'Across' },
    });
    expect(await avaOn2.next('unread_counts')).toEqual({ notifications: 1, messages: 0 });
    await node1.t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: ava.auth });
    expect(await avaOn2.next('unread_counts')).toEqual({ notifications: 0, messages: 0 });
  });

  it('shares the message rate limit between nodes', async () => {
    const a = await seedUser(node1.t);
    const b = await seedUser(node1.t);
    const chat = await node1.openChat(a, b);
    const on1 = await node1.connect(a);
    const on2 = await node2.connect(a);
    const acks = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        sendWithAck(i % 2 ? on1 : on2, { chatId: chat.id, content: `r${i}` }),
      ),
    );
    expect(acks.filter((x) => x.ok)).toHaveLength(20);
  });
});

describe.skipIf(Boolean(redisUrl))('two app nodes through Redis (skipped)', () => {
  it.skip(SKIP_REASON, () => {});
});
