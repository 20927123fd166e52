import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, RATE_LIMITS, type RateLimitName } from '@glimpse/shared';
import { AppError } from '../lib/errors.js';

/**
 * Per-route rate limits through @fastify/rate-limit: in Redis when REDIS_URL is set (one atomic
 * Lua step per request, shared by every app node), in process otherwise. No route is limited
 * unless it says so with `config: rateLimit(name)`; the numbers live in RATE_LIMITS
 * (packages/shared/src/constants.ts). Past the limit: 429 `{ message, code: 'RATE_LIMITED' }`
 * with `Retry-After` (seconds).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const { redis, redisPrefix } = app.ctx;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${redisPrefix}rl-route:` } : {}),
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
