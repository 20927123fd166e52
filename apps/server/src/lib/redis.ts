import { Command, Redis, type RedisOptions } from 'ioredis';
import { setIoDeadline } from './io-deadline.js';

/**
 * ioredis's `commandTimeout` with the give-up behind one read of the socket (see setIoDeadline):
 * on a busy machine the process may wake past the timeout with the reply already waiting, and the
 * stock timer (run before sockets are read) would fail a command Redis answered in time — a
 * rate limit would then fall back to one node's memory, a cross-node message would be dropped.
 * ioredis keeps the timer in `_commandTimeoutTimer` and clears it when the reply comes.
 */
Command.prototype.setTimeout = function setTimeout(this: Command, ms: number): void {
  const timers = this as unknown as { _commandTimeoutTimer?: NodeJS.Timeout };
  timers._commandTimeoutTimer ??= setIoDeadline(() => {
    if (!this.isResolved) this.reject(new Error('Command timed out'));
  }, ms);
};

/**
 * Every Redis command the app waits on answers (or fails) within this, even when Redis is frozen
 * (SIGSTOP, a stalled network: the TCP connection stays open and nothing comes back). Rate limits
 * then count on this node instead, so a sign-in or a write never waits for Redis longer than this.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * The options of the app's Redis client, in one place:
 * - `commandTimeout`: see REDIS_COMMAND_TIMEOUT_MS (it also bounds commands queued while
 *   ioredis reconnects);
 * - `maxRetriesPerRequest: 1`: a command queued while Redis is down fails after one reconnect
 *   attempt instead of three (the default held sign-ins ~4.5 s before answering 500);
 * - the offline queue stays on, so a command sent during a short reconnect still goes through.
 */
export const APP_REDIS_OPTIONS = {
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: true,
} as const satisfies RedisOptions;

/** The app's Redis client (main.ts; tests build theirs with the same options). */
export function createRedisClient(url: string, overrides: RedisOptions = {}): Redis {
  return new Redis(url, { ...APP_REDIS_OPTIONS, ...overrides });
}

/**
 * The Socket.IO adapter's two connections, made from the app's client.
 *
 * - The subscriber waits for Redis as long as it takes (no timeout, no retry limit): its SUBSCRIBE
 *   must not fail while Redis is down, or this node would never hear the others again; ioredis
 *   subscribes again by itself after each reconnect.
 * - The publisher has the app's timeouts, and a PUBLISH that fails is reported, not thrown: the
 *   adapter calls `publish()` without handling its promise, and a rejected promise nobody handles
 *   ends a Node process. A message published while Redis is down reaches this node's sockets only;
 *   the other nodes hear the next ones once Redis is back.
 */
export function createAdapterClients(
  redis: Redis,
  onError: (err: Error) => void,
): { pub: Redis; sub: Redis } {
  const pub = redis.duplicate({ ...APP_REDIS_OPTIONS });
  const sub = redis.duplicate({
    commandTimeout: undefined,
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
  });
  for (const c of [pub, sub]) c.on('error', onError);
  const publish = pub.publish.bind(pub) as (
    channel: string | Buffer,
    message: string | Buffer,
  ) => Promise<number>;
  pub.publish = ((channel: string | Buffer, message: string | Buffer) =>
    publish(channel, message).catch((err: Error) => {
      onError(err);
      return 0;
    })) as Redis['publish'];
  return { pub, sub };
}
