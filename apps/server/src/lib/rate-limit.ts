import type { Redis } from 'ioredis';
import { withIoDeadline } from './io-deadline.js';

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

/** How long rate limits stay on this node's memory after Redis failed, before Redis is tried again. */
export const REDIS_RETRY_AFTER_FAILURE_MS = 5_000;

export interface FallbackOptions {
  /** Longest wait for Redis per call; past it, the call counts in memory (REDIS_COMMAND_TIMEOUT_MS). */
  timeoutMs: number;
  /** Redis failed and counting moved to memory (called once per outage). */
  onFallback(err: unknown): void;
  /** Redis answered again and counting is back in it. */
  onRecover(): void;
  /** Default REDIS_RETRY_AFTER_FAILURE_MS. */
  retryAfterMs?: number;
  now?: () => number;
}

/**
 * Redis counters that fall back to this node's memory while Redis is down or frozen: a sign-in or
 * a write is never refused, nor held longer than `timeoutMs`, because Redis is. Every limiter the
 * app has (the routes' @fastify/rate-limit store and every `ctx.rateLimiter` key) goes through
 * this one, so a new limit gets the fallback without knowing of it.
 *
 * While on memory the limits hold per node (N nodes let through up to N times the limit) and
 * start from zero; once `retryAfterMs` has passed, the next call tries Redis again and, if it
 * answers, counting is back there (its counters are the ones from before the outage).
 */
export function createFallbackRateLimiter(
  primary: RateLimiter,
  fallback: RateLimiter,
  opts: FallbackOptions,
): RateLimiter & { isFallingBack(): boolean } {
  const now = opts.now ?? Date.now;
  const retryAfterMs = opts.retryAfterMs ?? REDIS_RETRY_AFTER_FAILURE_MS;
  let downUntil = 0;
  let down = false;

  async function run<T>(call: (limiter: RateLimiter) => Promise<T>): Promise<T> {
    if (down && now() < downUntil) return call(fallback);
    try {
      const result = await withIoDeadline(
        call(primary),
        opts.timeoutMs,
        `Redis did not answer within ${opts.timeoutMs} ms`,
      );
      if (down) {
        down = false;
        opts.onRecover();
      }
      return result;
    } catch (err) {
      downUntil = now() + retryAfterMs;
      if (!down) {
        down = true;
        opts.onFallback(err);
      }
      return call(fallback);
    }
  }

  return {
    hit: (key, windowMs) => run((l) => l.hit(key, windowMs)),
    attempt: (key, windowMs) => run((l) => l.attempt(key, windowMs)),
    refund: (key) => run((l) => l.refund(key)),
    reset: (key) => run((l) => l.reset(key)),
    isFallingBack: () => down,
  };
}
