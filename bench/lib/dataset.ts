import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Database } from '@glimpse/server/src/db/client.js';
import type { Args } from './args.js';

/**
 * Where a bench dataset lives. Embedded: the server's own embedded PostgreSQL cluster at
 * `<dataDir>/pg` (media beside it, as the server lays it out), started the way the server starts it. PostgreSQL: a database of its own (default `glimpse_bench`) on the
 * server named by an admin URL; media still go to `<dataDir>/media`.
 */
export type Mode = 'embedded' | 'postgres';

export interface Target {
  mode: Mode;
  dataDir: string;
  /** PostgreSQL: a URL whose database we may connect to for CREATE/DROP DATABASE (default `postgres`). */
  adminUrl?: string;
  dbName?: string;
}

export const DEFAULT_DATA_DIR = '/tmp/glimpse-bench';
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_DB_NAME = 'glimpse_bench';
const MARKER = '.glimpse-bench';

/** Only names we own: never `test`, `postgres`, `root` or a template. */
export function assertBenchDbName(name: string): void {
  if (!/^glimpse_bench[a-z0-9_]*$/.test(name)) {
    console.error(
      `--db-name must start with glimpse_bench and use [a-z0-9_] (got ${name}); other databases are never touched`,
    );
    process.exit(2);
  }
}

export function databaseUrlOf(target: Target): string | undefined {
  if (target.mode !== 'postgres') return undefined;
  const url = new URL(target.adminUrl ?? DEFAULT_ADMIN_URL);
  url.pathname = `/${target.dbName ?? DEFAULT_DB_NAME}`;
  return url.toString();
}

export function describeTarget(target: Target): string {
  return target.mode === 'embedded'
    ? `embedded PostgreSQL at ${path.join(target.dataDir, 'pg')}`
    : `PostgreSQL database ${target.dbName ?? DEFAULT_DB_NAME}`;
}

/** The admin URL from --database-url (a server URL; its path names the database to connect to for CREATE DATABASE). */
export function adminUrlFrom(raw: string | undefined): string {
  if (!raw) return DEFAULT_ADMIN_URL;
  const url = new URL(raw);
  if (url.pathname === '' || url.pathname === '/') url.pathname = '/postgres';
  const db = url.pathname.slice(1);
  // A URL naming the bench database itself (or `test`) is not a place to run CREATE DATABASE from.
  if (db.startsWith('glimpse_bench') || db === 'test') url.pathname = '/postgres';
  return url.toString();
}

/** Targets from --mode/--data-dir/--database-url/--db-name (comma lists allowed for data dirs and db names). */
export function targetsFrom(args: Args, defaultMode: Mode | 'both' = 'embedded'): Target[] {
  const mode = (args.get('mode') ?? (args.has('database-url') ? 'postgres' : defaultMode)) as Mode | 'both';
  if (!['embedded', 'postgres', 'both'].includes(mode)) {
    console.error('--mode must be embedded, postgres or both');
    process.exit(2);
  }
  const dataDirs = (args.get('data-dir') ?? DEFAULT_DATA_DIR).split(',').map((d) => path.resolve(d));
  const dbNames = (args.get('db-name') ?? DEFAULT_DB_NAME).split(',');
  dbNames.forEach(assertBenchDbName);
  const adminUrl = adminUrlFrom(args.get('database-url'));
  const out: Target[] = [];
  if (mode === 'embedded' || mode === 'both')
    for (const dataDir of dataDirs) out.push({ mode: 'embedded', dataDir });
  if (mode === 'postgres' || mode === 'both')
    for (const dbName of dbNames) out.push({ mode: 'postgres', dataDir: dataDirs[0]!, adminUrl, dbName });
  return out;
}

/** A directory we may wipe: missing, empty, or one of ours (carries the marker file). */
export function prepareOwnedDir(dir: string, wipe: boolean): void {
  if (fs.existsSync(dir)) {
    const entries = fs.readdirSync(dir);
    if (entries.length > 0 && !entries.includes(MARKER)) {
      console.error(`${dir} exists and was not made by the bench (no ${MARKER} file); refusing to touch it`);
      process.exit(2);
    }
    if (wipe) fs.rmSync(dir, { recursive: true, force: true });
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, MARKER), 'made by the Glimpse bench; safe to delete\n');
}

export function removeOwnedDir(dir: string): boolean {
  if (!fs.existsSync(dir)) return false;
  if (!fs.existsSync(path.join(dir, MARKER))) {
    console.error(`${dir} was not made by the bench (no ${MARKER} file); not removing it`);
    return false;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return true;
}

async function withAdmin<T>(target: Target, fn: (db: Database) => Promise<T>): Promise<T> {
  const admin = await openDatabase({ databaseUrl: target.adminUrl ?? DEFAULT_ADMIN_URL });
  try {
    return await fn(admin);
  } finally {
    await admin.close();
  }
}

export async function recreateDatabase(target: Target): Promise<void> {
  const name = target.dbName ?? DEFAULT_DB_NAME;
  assertBenchDbName(name);
  await withAdmin(target, async (admin) => {
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    await admin.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
  });
}

export async function dropDatabase(target: Target): Promise<boolean> {
  const name = target.dbName ?? DEFAULT_DB_NAME;
  assertBenchDbName(name);
  return withAdmin(target, async (admin) => {
    const rows = (await admin.db.execute(
      sql`SELECT 1 FROM pg_database WHERE datname = ${name}`,
    )) as unknown as { rows: unknown[] };
    if (rows.rows.length === 0) return false;
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    return true;
  });
}

export async function databaseExists(target: Target): Promise<boolean> {
  if (target.mode === 'embedded') return fs.existsSync(path.join(target.dataDir, 'pg', 'data', 'PG_VERSION'));
  const name = target.dbName ?? DEFAULT_DB_NAME;
  return withAdmin(target, async (admin) => {
    const rows = (await admin.db.execute(
      sql`SELECT 1 FROM pg_database WHERE datname = ${name}`,
    )) as unknown as { rows: unknown[] };
    return rows.rows.length > 0;
  });
}

/** One session on the dataset's database: raw SQL, the same in both modes. */
export interface SqlSession {
  database: Database;
  exec(text: string): Promise<void>;
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openSession(target: Target, opts: { migrate?: boolean } = {}): Promise<SqlSession> {
  const database = await openDatabase({ databaseUrl: databaseUrlOf(target), dataDir: target.dataDir });
  if (opts.migrate) await migrateDatabase(database);
  // A dedicated connection from the server's own pool: temp tables and SET live for the session.
  const client = await database.pool.connect();
  return {
    database,
    exec: async (text) => void (await client.query(text)),
    rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    close: async () => {
      client.release();
      await database.close();
    },
  };
}
