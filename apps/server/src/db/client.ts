import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Beside this file in the sources; copied beside the bundle by the build (apps/server/dist/migrations). */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const POOL_SIZE = 10;

export interface Database {
  db: Db;
  /**
   * `embedded`: the cluster this process started under `DATA_DIR/pg`; `postgres`: DATABASE_URL.
   * Everything else is the same: one driver (`pg`), one pool, one set of queries.
   */
  kind: 'embedded' | 'postgres';
  /** The pool behind `db`, for a dedicated session (bulk loads, temp tables). */
  pool: pg.Pool;
  /** The embedded cluster now running (a new one after a restart), when this process runs one. */
  readonly embedded?: EmbeddedPostgres;
  /**
   * Called when the database is lost for good: the embedded cluster died and could not be
   * started again (main.ts exits non-zero for a supervisor). A configured PostgreSQL is never
   * lost for good: the pool reconnects whenever it answers again.
   */
  onLost(listener: (description: string) => void): void;
  /** Ends the pool, then stops the embedded cluster if there is one. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** An external PostgreSQL. Unset: the embedded cluster in `<dataDir>/pg`. */
  databaseUrl?: string;
  /** DATA_DIR (needed without databaseUrl). */
  dataDir?: string;
  /** One-line notes of the embedded cluster's start (first-time initialisation, recovery). */
  log?: (message: string) => void;
  /** What went wrong and what is done about it (the embedded cluster died, was restarted). */
  warn?: (message: string) => void;
  /** Delays between restart attempts of a dead embedded cluster (tests shorten them). */
  restartDelaysMs?: readonly number[];
}

/**
 * How long a query waits for a connection (a free one in the pool, or a new one being opened)
 * before it fails with a 503: a database that does not answer at all (a dropped network, a
 * frozen server) must not hold requests for ever. pg counts the wait for a free pool connection
 * in it too, so it is generous: a burst of 100 likes queued 15 s for the pool on an overloaded
 * test machine, and a queue is not an outage. Refused connections (a stopped server) fail at once.
 */
const CONNECT_TIMEOUT_MS = 30_000;

/**
 * Waits before each attempt to start a dead embedded cluster again: quick at first (a crash is
 * usually over at once), then backing off. After the last one fails the database is lost and the
 * server exits for its supervisor. A cluster that keeps dying (MAX_RESTARTS_PER_WINDOW within
 * RESTART_WINDOW_MS) is lost too: a crash loop is not something to hide.
 */
const RESTART_DELAYS_MS = [250, 1_000, 2_000, 4_000, 8_000, 15_000];
const MAX_RESTARTS_PER_WINDOW = 5;
const RESTART_WINDOW_MS = 10 * 60_000;

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const lostListeners: Array<(description: string) => void> = [];
  const onLost = (listener: (description: string) => void) => void lostListeners.push(listener);
  if (opts.databaseUrl) {
    const pool = createPool({ connectionString: opts.databaseUrl });
    return { db: drizzleOn(pool), kind: 'postgres', pool, onLost, close: () => pool.end() };
  }
  if (!opts.dataDir) throw new Error('openDatabase needs databaseUrl or dataDir');
  const dir = path.join(opts.dataDir, 'pg');
  const warn = opts.warn ?? opts.log ?? (() => {});
  const delays = opts.restartDelaysMs ?? RESTART_DELAYS_MS;
  let cluster = await startEmbeddedPostgres({ dir, log: opts.log });
  const pool = createPool(cluster.connection);
  let closing = false;
  let restarting: Promise<void> | null = null;
  const restartTimes: number[] = [];

  const lose = (description: string) => {
    warn(`${description}; giving up`);
    for (const listener of lostListeners) listener(description);
  };

  /** Starts the cluster again (same directory, same port if free) and points the pool at it. */
  const restart = async (description: string) => {
    const now = Date.now();
    while (restartTimes.length > 0 && now - restartTimes[0]! > RESTART_WINDOW_MS) restartTimes.shift();
    if (restartTimes.length >= MAX_RESTARTS_PER_WINDOW) {
      lose(
        `${description}, the ${MAX_RESTARTS_PER_WINDOW + 1}th time within ${RESTART_WINDOW_MS / 60_000} minutes`,
      );
      return;
    }
    restartTimes.push(now);
    warn(`${description}; starting it again (requests answer 503 until it is back)`);
    let lastError: unknown;
    for (const [i, delay] of delays.entries()) {
      await sleep(delay);
      if (closing) return;
      try {
        const next = await startEmbeddedPostgres({ dir, log: opts.log, port: cluster.connection.port });
        if (closing) {
          await next.stop();
          return;
        }
        // New connections go to the new cluster (its port may differ); connections to the dead
        // one have already failed and left the pool.
        pool.options.port = next.connection.port;
        cluster = next;
        watch(next);
        (opts.log ?? warn)(`PostgreSQL is back (pid ${next.pid}, attempt ${i + 1})`);
        return;
      } catch (err) {
        lastError = err;
        warn(
          `PostgreSQL did not start again (attempt ${i + 1} of ${delays.length}): ${(err as Error).message}`,
        );
      }
    }
    lose(`${description}; it did not start again: ${(lastError as Error | undefined)?.message ?? ''}`);
  };

  const watch = (c: EmbeddedPostgres) =>
    c.onUnexpectedExit((description) => {
      if (closing || restarting) return;
      restarting = restart(description).finally(() => (restarting = null));
    });
  watch(cluster);

  return {
    db: drizzleOn(pool),
    kind: 'embedded',
    pool,
    get embedded() {
      return cluster;
    },
    onLost,
    close: async () => {
      closing = true;
      try {
        await pool.end();
      } finally {
        await restarting;
        await cluster.stop();
      }
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Session settings of every pooled connection. `jit=off`: PostgreSQL compiles a query with LLVM
 * once its *estimated* cost passes jit_above_cost, and a page query with a branch that is costed
 * but never run (post search's fallback tiers) paid ~250 ms of compiling for a 12 ms run. These
 * are short OLTP statements; JIT only pays on long analytic scans.
 */
const SESSION_OPTIONS = '-c jit=off';

function createPool(config: pg.PoolConfig): pg.Pool {
  const { connectionString, urlOptions } = splitUrlOptions(config.connectionString);
  // Later `-c` settings win: the operator's own (config, then the URL's) over our defaults.
  const options = [SESSION_OPTIONS, config.options, urlOptions].filter(Boolean).join(' ');
  const pool = new pg.Pool({
    ...config,
    connectionString,
    options,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A connection the server drops (restart, failover, pg_terminate_backend, the embedded
  // postmaster dying) emits 'error'. An idle one emits it on the pool, which has then already
  // discarded it. A checked-out one (a query or transaction running) emits it on the client
  // itself, where the pool listens only while the client is idle: unheard, that 'error' crashed
  // the whole process. Its query fails with the same error (answered 503 by the error handler),
  // and on release the pool sees it is no longer queryable and drops it. Every new connection
  // prepares its named statements again by itself (pg tracks them per connection).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * A connection string's `?options=` (e.g. `-c statement_timeout=5000`) taken out of it: pg lets
 * the URL's parameters replace the config's, so left in it would drop SESSION_OPTIONS.
 */
export function splitUrlOptions(connectionString: string | undefined): {
  connectionString: string | undefined;
  urlOptions: string | undefined;
} {
  if (!connectionString) return { connectionString, urlOptions: undefined };
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return { connectionString, urlOptions: undefined }; // not a URL: pg reports it
  }
  const urlOptions = url.searchParams.get('options');
  if (urlOptions === null) return { connectionString, urlOptions: undefined };
  url.searchParams.delete('options');
  return { connectionString: url.toString(), urlOptions };
}

function drizzleOn(pool: pg.Pool): Db {
  return drizzle(pool, { schema }) as unknown as Db;
}

/** The advisory lock migrations run under ("glmp"), so N nodes starting at once migrate once. */
const MIGRATION_LOCK = 0x676c6d70;

/**
 * Applies pending migrations. Several app nodes may start together on one database: each waits
 * for a session-level advisory lock, so the first applies the migrations and the others, once it
 * lets go, find nothing left to do (instead of racing to create the same tables).
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const lock = await database.pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
}

/**
 * Raw SQL with typed rows. For set-based maintenance and tests; services use the query builder.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
