import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, Message, SendMessageAck } from '@glimpse/shared';
import type { RedisAdapter } from '@socket.io/redis-adapter';
import { createRedisClient } from '../lib/redis.js';
import { createPostViaApi } from '../modules/posts/posts.fixtures.js';
import { seedUser, testAddress, type SeededUser } from '../test/harness.js';
import { hasRedisServer, startTestRedis, type TestRedis } from '../test/redis-server.js';
import { startSocketTestApp, type SocketTestKit, type TestClient } from './testing.js';

/**
 * Redis going away under two app nodes: stopped (connections refused), then frozen (SIGSTOP: the
 * connection stays open and nothing answers). Sign-in and writes must still be answered while it
 * is out — the answers are awaited *before* Redis comes back, so a request that waited for Redis
 * (as every limited one did: 500 after ~4.5 s stopped, a hang for the whole freeze) fails the test
 * — rate limits count on the node meanwhile, and presence and fan-out across nodes come back by
 * themselves.
 */
if (!hasRedisServer) console.warn('Redis outage test skipped: it needs a redis-server binary on PATH');

const prefix = `glimpse-outage:${process.pid}:${Date.now().toString(36)}:`;
/** A bound for waits on events, far above what they take: only a hang reaches it. */
const HANG_MS = 20_000;

/** Resolves with the promise's value, or fails the test when it has not settled within HANG_MS. */
function settled<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} is still waiting after ${HANG_MS} ms`)), HANG_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!hasRedisServer)('Redis stopped and frozen under two app nodes', () => {
  let redisServer: TestRedis;
  let redis: Redis;
  let node1: SocketTestKit;
  let node2: SocketTestKit;
  const logLines: string[] = [];
  const timings: Record<string, number> = {};

  const timed = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      return await run();
    } finally {
      timings[name] = Date.now() - started;
    }
  };
  const login = (m: SeededUser, password = 'secret123', address = testAddress()) =>
    node1.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      payload: { email: m.email, password },
    });
  const metric = async (name: string) => {
    const text = (await node1.t.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  };
  const seesOtherNode = async () =>
    (await (node1.t.app.io.of('/').adapter as unknown as RedisAdapter).serverCount().catch(() => 0)) >= 2;

  beforeAll(async () => {
    redisServer = await startTestRedis();
    redis = createRedisClient(redisServer.url);
    redis.on('error', () => {}); // the outages below are on purpose
    const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
    node1 = await startSocketTestApp({}, { redis, redisPrefix: prefix, logger });
    node2 = await startSocketTestApp({}, { redis, redisPrefix: prefix, shareDatabaseWith: node1.t });
    await until('the two nodes to see each other', seesOtherNode);
  });
  afterEach(() => {
    node1.closeClients();
    node2.closeClients();
  });
  afterAll(async () => {
    await node2?.close();
    await node1?.close();
    redis?.disconnect();
    await redisServer?.stop();
    console.info(`Redis outage answer times (ms): ${JSON.stringify(timings)}`);
  });

  it('stopped: sign-in, likes and comments are answered; limits count on the node (logged once, metric raised), hold there, and go back to Redis', async () => {
    const member = await seedUser(node1.t);
    const post = await createPostViaApi(node1.t, member);
    await redisServer.stop();
    try {
      expect((await timed('login, stopped', () => settled('sign-in', login(member)))).statusCode).toBe(200);
      const like = await timed('like, stopped', () =>
        settled(
          'like',
          node1.t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: member.auth }),
        ),
      );
      expect(like.statusCode).toBe(200);
      const comment = await timed('comment, stopped', () =>
        settled(
          'comment',
          node1.t.app.inject({
            method: 'POST',
            url: `/api/posts/${post.id}/comment`,
            headers: member.auth,
            payload: { content: 'while Redis is away' },
          }),
        ),
      );
      expect(comment.statusCode).toBe(201);
      expect(await metric('glimpse_rate_limit_fallback')).toBe(1);
      expect(await metric('glimpse_rate_limit_fallbacks_total')).toBe(1);
      expect(logLines.filter((l) => l.includes("rate limits count on this node's memory"))).toHaveLength(1);

      // The limit still holds, on this node: LOGIN_MAX_FAILURES (10) wrong passwords from one
      // address, then 429.
      const target = await seedUser(node1.t);
      const from = testAddress();
      const wrong = [];
      for (let i = 0; i < 11; i++)
        wrong.push((await settled('sign-in', login(target, 'wrong-password', from))).statusCode);
      expect(wrong.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(wrong[10]).toBe(429);
    } finally {
      await redisServer.start();
    }
    // Back to Redis by itself: once the retry window passes, the next count lands there.
    await until('rate limits to count in Redis again', async () => {
      await node1.t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: member.auth });
      return (await metric('glimpse_rate_limit_fallback')) === 0;
    });
    expect((await redis.keys(`${prefix}rl:route:likes:m:${member.id}`)).length).toBe(1);
    expect(logLines.some((l) => l.includes('rate limits count in Redis'))).toBe(true);
  }, 90_000);

  it('frozen: sign-in, likes and comments are answered while it stays frozen', async () => {
    await until('Redis to be back from the previous test', () => redis.status === 'ready');
    const member = await seedUser(node1.t);
    const post = await createPostViaApi(node1.t, member);
    redisServer.freeze();
    try {
      expect((await timed('login, frozen', () => settled('sign-in', login(member)))).statusCode).toBe(200);
      const like = await timed('like, frozen', () =>
        settled(
          'like',
          node1.t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: member.auth }),
        ),
      );
      expect(like.statusCode).toBe(200);
      const comment = await timed('comment, frozen', () =>
        settled(
          'comment',
          node1.t.app.inject({
            method: 'POST',
            url: `/api/posts/${post.id}/comment`,
            headers: member.auth,
            payload: { content: 'while Redis is frozen' },
          }),
        ),
      );
      expect(comment.statusCode).toBe(201);
      const ready = await node1.t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.json()).toMatchObject({ checks: { redis: 'down' } });
    } finally {
      redisServer.thaw();
    }
    await until('readiness to see Redis again', async () => {
      const ready = await node1.t.app.inject({ method: 'GET', url: '/api/health/ready' });
      return ready.statusCode === 200;
    });
  }, 90_000);

  it('stopped: sockets still sign in and send; presence and fan-out across the nodes come back by themselves', async () => {
    await until('Redis to be back from the previous test', () => redis.status === 'ready');
    await until('the two nodes to see each other', seesOtherNode);
    const a = await seedUser(node1.t);
    const b = await seedUser(node1.t);
    const chat: Chat = await node1.openChat(a, b);
    const ca: TestClient = await node1.connect(a);
    const send = (content: string) =>
      settled(
        'send_message',
        ca.socket.timeout(HANG_MS).emitWithAck('send_message', { chatId: chat.id, content }),
      ) as Promise<SendMessageAck>;

    await redisServer.stop();
    let cb: TestClient;
    try {
      // Signing in counts toward presence, which lives in Redis: it must not need it.
      cb = await settled('socket sign-in', node2.connect(b));
      expect(await send('while Redis is away')).toMatchObject({ ok: true });
      // The sender's own node still delivers it to the sender's sockets.
      await ca.next<Message>('new_message', (m) => m.content === 'while Redis is away');
    } finally {
      await redisServer.start();
    }
    await until('the adapters to reconnect', seesOtherNode);
    // Presence: b's socket on node2, counted while Redis was away, is written back.
    await until('presence to be written back', async () => {
      const counts = await redis.hgetall(`${prefix}presence:user:${b.id}`);
      return Object.values(counts).includes('1');
    });
    // Fan-out: a message sent on node1 reaches b on node2 again.
    let crossed = false;
    for (let attempt = 0; attempt < 5 && !crossed; attempt++) {
      await send('after Redis came back');
      crossed = await cb!
        .next<Message>('new_message', (m) => m.content === 'after Redis came back', 5_000)
        .then(
          () => true,
          () => false,
        );
    }
    expect(crossed).toBe(true);
  }, 90_000);
});
