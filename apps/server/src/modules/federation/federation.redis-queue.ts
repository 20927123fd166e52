import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { Redis } from 'ioredis';
import { newId } from '../../lib/ids.js';
import { QUEUE_LEASE_MS, queueWakers, runQueueWorkers } from './federation.queue-workers.js';

/**
 * Fedify's message queue on Redis (REDIS_URL set), shared by every node; the same contract as the
 * PostgreSQL queue (`createPgMessageQueue`), which runs without Redis:
 *
 * - `<p>msg` (hash id → JSON) holds every message until it is handled; `<p>due` (sorted set, score =
 *   when it may run) the ones waiting; `<p>leased` (score = lease end) the ones a listener took.
 *   A message taken by a node that died goes back to `due` when its lease runs out.
 * - Ordering keys: `<p>okey` (hash id → key) and one list `<p>order:<key>` of ids in enqueue
 *   order; a message is taken only while it heads its key's list, so messages of one key are
 *   handled one at a time, in order.
 * - Taking is one Lua script (atomic on the server), handling is acknowledged by deleting the
 *   message. Fedify retries failed work itself by enqueueing it again with a delay.
 *
 * Durability is Redis's own: run it with persistence (AOF) when the queue must survive a restart.
 */

/** Due messages one take looks through for one not held back by its ordering key. */
const TAKE_SCAN = 500;

const TAKE_SCRIPT = `
local due, leased, msgs, okeys = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local orderPrefix = ARGV[1]
local now = tonumber(ARGV[2])
local leaseMs = tonumber(ARGV[3])
local scan = tonumber(ARGV[4])
local expired = redis.call('ZRANGEBYSCORE', leased, '-inf', now)
for _, id in ipairs(expired) do
  redis.call('ZREM', leased, id)
  redis.call('ZADD', due, now, id)
end
local candidates = redis.call('ZRANGEBYSCORE', due, '-inf', now, 'LIMIT', 0, scan)
for _, id in ipairs(candidates) do
  local okey = redis.call('HGET', okeys, id)
  if (not okey) or redis.call('LINDEX', orderPrefix .. okey, 0) == id then
    redis.call('ZREM', due, id)
    redis.call('ZADD', leased, now + leaseMs, id)
    return {id, redis.call('HGET', msgs, id)}
  end
end
return false
`;

export interface RedisMessageQueueOptions {
  /** A listener's own failure (Redis did not answer, a handler threw). */
  onError?: (err: unknown) => void;
}

export function createRedisMessageQueue(
  redis: Redis,
  prefix: string,
  opts: RedisMessageQueueOptions = {},
): MessageQueue {
  const p = `${prefix}fedq:`;
  const keys = {
    due: `${p}due`,
    leased: `${p}leased`,
    msgs: `${p}msg`,
    okeys: `${p}okey`,
    order: `${p}order:`,
  };
  /** Listeners of this process, woken at once by a local enqueue. */
  const { wakers, wake } = queueWakers();

  const insert = async (messages: readonly unknown[], options?: MessageQueueEnqueueOptions) => {
    if (messages.length === 0) return;
    const delay = options?.delay == null ? 0 : Math.max(0, options.delay.total('millisecond'));
    const runAt = Date.now() + delay;
    const orderingKey = options?.orderingKey ?? null;
    const tx = redis.multi();
    for (const message of messages) {
      const id = newId();
      tx.hset(keys.msgs, id, JSON.stringify(message));
      if (orderingKey !== null) {
        tx.hset(keys.okeys, id, orderingKey);
        tx.rpush(`${keys.order}${orderingKey}`, id);
      }
      tx.zadd(keys.due, runAt, id);
    }
    const results = await tx.exec();
    const failed = results?.find(([err]) => err);
    if (!results || failed) throw failed?.[0] ?? new Error('Redis refused the enqueue');
    if (delay === 0) wake();
    else setTimeout(wake, delay).unref();
  };

  const take = async (): Promise<{ id: string; message: unknown } | undefined> => {
    const taken = (await redis.eval(
      TAKE_SCRIPT,
      4,
      keys.due,
      keys.leased,
      keys.msgs,
      keys.okeys,
      keys.order,
      String(Date.now()),
      String(QUEUE_LEASE_MS),
      String(TAKE_SCAN),
    )) as [string, string | null] | null;
    if (!taken) return undefined;
    const [id, json] = taken;
    return { id, message: json === null ? undefined : (JSON.parse(json) as unknown) };
  };

  const acknowledge = async (id: string) => {
    const okey = await redis.hget(keys.okeys, id);
    const tx = redis.multi().hdel(keys.msgs, id).hdel(keys.okeys, id).zrem(keys.leased, id);
    if (okey !== null) tx.lrem(`${keys.order}${okey}`, 1, id);
    await tx.exec();
    // The next message of that key may run now.
    if (okey !== null) wake();
  };

  return {
    nativeRetrial: false,
    enqueue: (message, options) => insert([message], options),
    enqueueMany: (messages, options) => insert(messages, options),
    async getDepth() {
      const now = Date.now();
      const [queued, ready] = await Promise.all([redis.hlen(keys.msgs), redis.zcount(keys.due, '-inf', now)]);
      const delayed = await redis.zcount(keys.due, `(${now}`, '+inf');
      return { queued, ready, delayed };
    },
    listen: (handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions) =>
      runQueueWorkers({ wakers, signal: options?.signal, take, acknowledge, handler, onError: opts.onError }),
  };
}
