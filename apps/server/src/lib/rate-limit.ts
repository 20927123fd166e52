import type { Redis } from 'ioredis';

/**
 * Fixed-window counters (attempts per key per window). In-process by default; in Redis when
 * configured, so that every app node sees the same counts. Every count is one atomic step (INCR,
 * or a MULTI in Redis): there is no read-then-write window for parallel requests to slip through.
 */
export interface RateLimiter {
  /** Counts one hit and returns the hits in the current window, this one included. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Like `hit`, also answering how long until the window ends (for `Retry-After`). */
  attempt(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes one hit back (an attempt that turned out fine); never below zero. */
  refund(key: string): Promise<void>;
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
  const limiter: RateLimiter = {
    async hit(key, windowMs) {
      return (await limiter.attempt(key, windowMs)).count;
    },
    async attempt(key, windowMs) {
      const w = live(key) ?? { count: 0, resetAt: Date.now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      if (windows.size > 100_000) {
        // Bound memory under a flood of distinct keys: drop expired windows.
        for (const k of windows.keys()) live(k);
      }
      return { count: w.count, resetInMs: Math.max(0, w.resetAt - Date.now()) };
    },
    async refund(key) {
      const w = live(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
  return limiter;
}

/** DECR only an existing, positive counter (a refund never creates a key without expiry). */
const REFUND_SCRIPT = `local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  const k = (key: string) => `${prefix}rl:${key}`;
  const limiter: RateLimiter = {
    async hit(key, windowMs) {
      return (await limiter.attempt(key, windowMs)).count;
    },
    async attempt(key, windowMs) {
      const results = (await redis
        .multi()
        .incr(k(key))
        .pexpire(k(key), windowMs, 'NX')
        .pttl(k(key))
        .exec()) as [[unknown, number], [unknown, number], [unknown, number]];
      const [[, count], , [, ttl]] = results;
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async refund(key) {
      await redis.eval(REFUND_SCRIPT, 1, k(key));
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
  return limiter;
}
