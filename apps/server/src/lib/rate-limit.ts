import type { Redis } from 'ioredis';

/**
 * Fixed-window counters (attempts per key per window). In-process by default; in Redis when
 * configured, so that every app node sees the same counts.
 */
export interface RateLimiter {
  /** Counts one hit and returns the hits in the current window, this one included. */
  hit(key: string, windowMs: number): Promise<number>;
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowMs) {
      const w = live(key) ?? { count: 0, resetAt: Date.now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      if (windows.size > 100_000) {
        // Bound memory under a flood of distinct keys: drop expired windows.
        for (const k of windows.keys()) live(k);
      }
      return w.count;
    },
    async peek(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(key, windowMs) {
      const k = `${prefix}rl:${key}`;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [
        [unknown, number],
      ];
      return count;
    },
    async peek(key) {
      return Number((await redis.get(`${prefix}rl:${key}`)) ?? 0);
    },
    async reset(key) {
      await redis.del(`${prefix}rl:${key}`);
    },
  };
}
