import type {
  KvKey,
  KvStore,
  KvStoreListEntry,
  KvStoreSetOptions,
  MessageQueue,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import { QUEUE_LEASE_MS, queueWakers, runQueueWorkers } from './federation.queue-workers.js';

/** How often a listener deletes expired key-value rows. */
const KV_SWEEP_MS = 10 * 60_000;

const encodeKey = (key: KvKey): string => JSON.stringify(key);

/** A raw statement's rows (node-postgres). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const ttlMs = (options?: KvStoreSetOptions): number | null =>
  options?.ttl == null ? null : Math.max(0, options.ttl.total('millisecond'));

/** `prefix` as a LIKE pattern matching the keys under it (the prefix's own key is compared apart). */
function likeUnder(prefix: KvKey): string {
  const open = encodeKey(prefix).slice(0, -1);
  return `${open.replace(/[\\%_]/g, (c) => `\\${c}`)},%`;
}

/** Fedify's key-value store in `federation_kv`: every node shares it. */
export function createPgKvStore(db: Db): KvStore {
  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const rows = await rowsOf<{ value: T }>(
        db,
        sql`
        select value from federation_kv
        where key = ${encodeKey(key)} and (expires_at is null or expires_at > now())`,
      );
      return rows[0]?.value;
    },
    async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
      const ttl = ttlMs(options);
      const expires = ttl === null ? sql`null` : sql`now() + ${ttl} * interval '1 millisecond'`;
      await db.execute(sql`
        insert into federation_kv (key, value, expires_at)
        values (${encodeKey(key)}, ${JSON.stringify(value ?? null)}::jsonb, ${expires})
        on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
    },
    async delete(key: KvKey): Promise<void> {
      await db.execute(sql`delete from federation_kv where key = ${encodeKey(key)}`);
    },
    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      const under = prefix ? sql`(key = ${encodeKey(prefix)} or key like ${likeUnder(prefix)})` : sql`true`;
      const rows = await rowsOf<{ key: string; value: unknown }>(
        db,
        sql`
        select key, value from federation_kv
        where ${under} and (expires_at is null or expires_at > now())
        order by key`,
      );
      for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: row.value };
    },
  };
}

/** Deletes expired key-value rows; answers how many. */
export async function sweepExpiredKv(db: Db): Promise<number> {
  const result = (await db.execute(sql`delete from federation_kv where expires_at <= now()`)) as unknown as {
    rowCount: number | null;
  };
  return result.rowCount ?? 0;
}

interface TakenMessage {
  id: string;
  message: unknown;
}

/**
 * Takes the next due message: not leased by a live listener, and the first of its ordering key
 * (a later one waits until the earlier is handled and deleted).
 */
async function takeMessage(db: Db): Promise<TakenMessage | undefined> {
  const rows = await rowsOf<TakenMessage>(
    db,
    sql`
    update federation_queue set locked_until = now() + ${QUEUE_LEASE_MS} * interval '1 millisecond'
    where id = (
      select q.id from federation_queue q
      where q.run_at <= now()
        and (q.locked_until is null or q.locked_until < now())
        and (q.ordering_key is null or not exists (
          select 1 from federation_queue o where o.ordering_key = q.ordering_key and o.id < q.id))
      order by q.run_at, q.id
      limit 1
      for update skip locked)
    returning id, message`,
  );
  return rows[0];
}

export interface PgMessageQueueOptions {
  /** A listener's own failure (the database did not answer, a handler threw). */
  onError?: (err: unknown) => void;
}

/**
 * Fedify's message queue in `federation_queue`: durable (a message survives restarts until it is
 * handled) and shared by every node. Fedify retries failed work itself, with backoff, by
 * enqueueing it again with a delay (`nativeRetrial` false), so a message is deleted once its
 * handler returns, whatever the handler did.
 */
export function createPgMessageQueue(db: Db, opts: PgMessageQueueOptions = {}): MessageQueue {
  /** Listeners of this process, woken at once by a local enqueue. */
  const { wakers, wake } = queueWakers();
  const insert = async (messages: readonly unknown[], options?: MessageQueueEnqueueOptions) => {
    if (messages.length === 0) return;
    const delay = options?.delay == null ? 0 : Math.max(0, options.delay.total('millisecond'));
    const orderingKey = options?.orderingKey ?? null;
    const values = messages.map(
      (m) =>
        sql`(${newId()}, ${JSON.stringify(m)}::jsonb, ${orderingKey}, now() + ${delay} * interval '1 millisecond')`,
    );
    await db.execute(sql`
      insert into federation_queue (id, message, ordering_key, run_at) values ${sql.join(values, sql`, `)}`);
    if (delay === 0) wake();
    else setTimeout(wake, delay).unref();
  };
  return {
    nativeRetrial: false,
    enqueue: (message, options) => insert([message], options),
    enqueueMany: (messages, options) => insert(messages, options),
    async getDepth() {
      const rows = await rowsOf<{ queued: number; ready: number }>(
        db,
        sql`
        select count(*)::int as queued, (count(*) filter (where run_at <= now()))::int as ready
        from federation_queue`,
      );
      const { queued, ready } = rows[0] ?? { queued: 0, ready: 0 };
      return { queued, ready, delayed: queued - ready };
    },
    listen: (handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions) => {
      let lastSweep = 0;
      return runQueueWorkers({
        wakers,
        signal: options?.signal,
        // Expired key-value rows go now and then, by whichever worker comes by.
        take: async () => {
          if (Date.now() - lastSweep > KV_SWEEP_MS) {
            lastSweep = Date.now();
            await sweepExpiredKv(db);
          }
          return takeMessage(db);
        },
        acknowledge: async (id) => {
          await db.execute(sql`delete from federation_queue where id = ${id}`);
        },
        handler,
        onError: opts.onError,
      });
    },
  };
}
