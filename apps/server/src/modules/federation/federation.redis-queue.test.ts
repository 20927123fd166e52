import { randomBytes } from 'node:crypto';
import { testMessageQueue } from '@fedify/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { createRedisClient } from '../../lib/redis.js';
import { createTestApp, seedUser } from '../../test/harness.js';
import { federateBlock } from './federation.outbox.service.js';
import { upsertRemoteAccount } from './federation.repo.js';
import { createRedisMessageQueue } from './federation.redis-queue.js';

/**
 * The Redis message queue (REDIS_URL set) against a real Redis: Fedify's conformance tests, as
 * the PostgreSQL queue passes them, and a message kept until handled. Without REDIS_URL it is
 * skipped with a printed reason (CI sets it).
 */

const url = process.env.REDIS_URL;
if (!url) console.warn('federation.redis-queue.test.ts skipped: REDIS_URL is not set');

let redis: Redis;
/** A prefix of this run's own, so runs beside each other never share a queue. */
const prefix = `glimpse-test:${randomBytes(6).toString('hex')}:`;

beforeAll(() => {
  if (!url) return;
  redis = createRedisClient(url);
  redis.on('error', () => {});
});
afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describe.skipIf(!url)('Redis message queue', () => {
  it("passes Fedify's message queue conformance tests (delays, bulk, two listeners, ordering keys)", async () => {
    await testMessageQueue(
      () => createRedisMessageQueue(redis, prefix),
      ({ controller }) => controller.abort(),
      { testOrderingKey: true },
    );
  }, 120_000);

  it('keeps a message until it is handled: one enqueued before any listener is handled later, then gone', async () => {
    const own = `${prefix}kept:`;
    const mq = createRedisMessageQueue(redis, own);
    await mq.enqueue({ durable: true });
    expect((await mq.getDepth!()).queued).toBe(1);
    const controller = new AbortController();
    const seen: unknown[] = [];
    await createRedisMessageQueue(redis, own).listen(
      (m) => {
        seen.push(m);
        controller.abort();
      },
      { signal: controller.signal },
    );
    expect(seen).toEqual([{ durable: true }]);
    expect(await mq.getDepth!()).toEqual({ queued: 0, ready: 0, delayed: 0 });
  });

  it('an app with REDIS_URL queues its deliveries in Redis, not in PostgreSQL', async () => {
    const own = `${prefix}app:`;
    const t = await createTestApp(
      { FEDERATION: 'true', PUBLIC_ORIGIN: 'https://glimpse.test' },
      { redis, redisPrefix: own },
    );
    try {
      const member = await seedUser(t);
      const remoteId = await t.database.db.transaction((tx) =>
        upsertRemoteAccount(tx, {
          uri: 'https://elsewhere.test/users/q',
          inboxUri: 'https://elsewhere.test/users/q/inbox',
          sharedInboxUri: null,
          profileUrl: null,
          domain: 'elsewhere.test',
          handle: 'q@elsewhere.test',
          displayName: '',
          bio: '',
          avatarUrl: null,
          isPrivate: false,
        }),
      );
      // The queue is not started here: the Block waits in the queue.
      await federateBlock(t.app.ctx, member.id, remoteId, true);
      expect(await redis.hlen(`${own}fedq:msg`)).toBe(1);
      const pg = (await t.database.db.execute(
        sql`select count(*)::int as n from federation_queue`,
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(pg.rows[0]!.n).toBe(0);
    } finally {
      await t.close();
    }
  });
});
