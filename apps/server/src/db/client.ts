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
  /** The embedded cluster, when this process runs one. */
  embedded?: EmbeddedPostgres;
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
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = createPool({ connectionString: opts.databaseUrl });
    return { db: drizzleOn(pool), kind: 'postgres', pool, close: () => pool.end() };
  }
  if (!opts.dataDir) throw new Error('openDatabase needs databaseUrl or dataDir');
  const embedded = await startEmbeddedPostgres({ dir: path.join(opts.dataDir, 'pg'), log: opts.log });
  const pool = createPool(embedded.connection);
  return {
    db: drizzleOn(pool),
    kind: 'embedded',
    pool,
    embedded,
    close: async () => {
      try {
        await pool.end();
      } finally {
        await embedded.stop();
      }
    },
  };
}

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
  const pool = new pg.Pool({ ...config, connectionString, options, max: POOL_SIZE });
  // An idle connection the server drops (restart, failover, DROP DATABASE ... FORCE while the
  // pool is ending) emits 'error' on the pool; unheard, that would crash the whole process.
  // The pool has already discarded the client and opens a fresh one on demand.
  pool.on('error', () => {});
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
