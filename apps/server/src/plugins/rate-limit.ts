import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, RATE_LIMITS, type RateLimitName } from '@glimpse/shared';
import { AppError } from '../lib/errors.js';
import type { RateLimiter } from '../lib/rate-limit.js';

/**
 * @fastify/rate-limit's store, counting through the app's one limiter (`ctx.rateLimiter`: Redis
 * when REDIS_URL is set, shared by every node, with the fallback to this node's memory while Redis
 * does not answer; in process otherwise). Keys get a `route:` prefix of their own.
 */
function limiterStore(limiter: RateLimiter) {
  return class LimiterStore {
    incr(
      key: string,
      callback: (err: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      limiter.attempt(`route:${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (err: Error) => callback(err),
      );
    }
    child() {
      return this;
    }
  };
}

/**
 * Per-route rate limits through @fastify/rate-limit, counted by the app's limiter (above). No
 * route is limited unless it says so with `config: rateLimit(name)`; the numbers live in
 * RATE_LIMITS (packages/shared/src/constants.ts). Past the limit: 429
 * `{ message, code: 'RATE_LIMITED' }` with `Retry-After` (seconds).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: limiterStore(app.ctx.rateLimiter),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', MSG.rateLimited, {
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
}

/** Whom a request counts against: the signed-in member, else the client's address. */
function keyOf(name: RateLimitName, request: FastifyRequest): string {
  const { per } = RATE_LIMITS[name];
  return per === 'member' && request.viewer ? `${name}:m:${request.viewer.id}` : `${name}:a:${request.ip}`;
}

/**
 * A route's `config` for the named limit, e.g. `config: rateLimit('comments')`. It counts in
 * preHandler, after sign-in and validation, so it knows the member and a malformed request costs
 * nothing.
 */
export function rateLimit(name: RateLimitName): { rateLimit: RateLimitOptions } {
  const { max, windowMs } = RATE_LIMITS[name];
  return {
    rateLimit: {
      max,
      timeWindow: windowMs,
      hook: 'preHandler',
      keyGenerator: (request) => keyOf(name, request),
    },
  };
}
