import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from './harness.js';

/** Two app nodes, as behind a load balancer: one database, one Redis under a prefix of their own. */
export interface TwoNodes {
  redis: Redis;
  node1: TestApp;
  node2: TestApp;
  /** Closes both nodes and deletes every key of the prefix. */
  close(): Promise<void>;
}

export async function startTwoNodes(redisUrl: string, tag: string): Promise<TwoNodes> {
  const prefix = `glimpse-test:${tag}:${process.pid}:${Date.now().toString(36)}:`;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const node1 = await createTestApp({}, { redis, redisPrefix: prefix });
  const node2 = await createTestApp({}, { redis, redisPrefix: prefix, shareDatabaseWith: node1 });
  return {
    redis,
    node1,
    node2,
    async close() {
      await node2.close();
      await node1.close();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
}
