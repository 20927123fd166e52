import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config.js';
import { MIGRATIONS_DIR } from '../db/client.js';
import { EmbeddedPostgresError, startEmbeddedPostgres } from '../db/embedded-postgres.js';

/**
 * A Glimpse backup is one zip file:
 * - `manifest.json` (written last): format and version, when, the schema's last migration, each
 *   table's columns and row count, where the media are;
 * - `db/<table>.copy`: each table's rows in PostgreSQL's COPY text format, all read in one
 *   REPEATABLE READ snapshot (a consistent point in time, as pg_dump reads);
 * - `media/<key>`: the local media files (none with MEDIA_STORE=s3: they stay in the bucket).
 *
 * Why not pg_dump: the embedded database is PostgreSQL 18 and pg_dump refuses a server newer than
 * itself; no PostgreSQL 18 client tools come with the `embedded-postgres` package, nor with most
 * distributions yet (Debian 12 ships 15). Rows in COPY format plus the schema from our own
 * migrations need no client tools at all, restore into any PostgreSQL we support (15 or later,
 * embedded or not, either way round), and an archive from an older schema is brought up to date
 * by the same migrations that upgrade a running server.
 */
export const ARCHIVE_FORMAT = 'glimpse-backup';
export const ARCHIVE_VERSION = 1;

export interface ArchiveTable {
  name: string;
  /** The stored columns (generated ones are left out: PostgreSQL computes them again). */
  columns: string[];
  rows: number;
}

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  version: typeof ARCHIVE_VERSION;
  createdAt: string;
  /** The last migration applied to the database that was backed up. */
  migration: { tag: string; when: number };
  database: { kind: 'embedded' | 'postgres'; serverVersion: string };
  /** In restore order: every table after the tables it references. */
  tables: ArchiveTable[];
  media:
    | { store: 'local'; files: number; bytes: number }
    | { store: 's3'; bucket: string; endpoint: string | null; note: string };
}

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function readJournal(dir = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** One line that rewrites itself on a terminal, and prints at most every few seconds elsewhere. */
export function progressLine(stream: NodeJS.WriteStream = process.stderr): {
  update(text: string): void;
  done(text: string): void;
} {
  let last = 0;
  return {
    update(text) {
      if (stream.isTTY) {
        stream.write(`\r\x1b[K${text}`);
      } else if (Date.now() - last > 2_000) {
        stream.write(`${text}\n`);
        last = Date.now();
      }
    },
    done(text) {
      stream.write(stream.isTTY ? `\r\x1b[K${text}\n` : `${text}\n`);
    },
  };
}

/** Where the configured database is, for the backup tools: a URL, and what to do when done. */
export interface DatabaseTarget {
  url: string;
  kind: 'embedded' | 'postgres';
  release(): Promise<void>;
}

/**
 * The configured database: DATABASE_URL, or the embedded cluster under DATA_DIR/pg. A backup may
 * read a running server's cluster (its port and password are in DATA_DIR/pg); otherwise, and for
 * a restore always, the tool starts the cluster itself (refused while a server owns it).
 */
export async function openDatabaseTarget(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  opts: { allowRunning: boolean; log?: (message: string) => void },
): Promise<DatabaseTarget> {
  if (config.databaseUrl) return { url: config.databaseUrl, kind: 'postgres', release: async () => {} };
  const dir = path.join(config.dataDir, 'pg');
  const running = runningCluster(dir);
  if (running) {
    if (!opts.allowRunning) {
      throw new EmbeddedPostgresError(
        `The server is running on ${config.dataDir} (PostgreSQL pid ${running.pid}): stop it before restoring.`,
      );
    }
    return { url: running.url, kind: 'embedded', release: async () => {} };
  }
  const cluster = await startEmbeddedPostgres({ dir, log: opts.log });
  return { url: cluster.url, kind: 'embedded', release: () => cluster.stop() };
}

function runningCluster(dir: string): { pid: number; url: string } | null {
  try {
    const lines = fs.readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (lines[7]?.trim() !== 'ready' || !(pid > 0)) return null;
    process.kill(pid, 0);
    const password = fs.readFileSync(path.join(dir, 'password'), 'utf8').trim();
    return { pid, url: `postgres://glimpse:${encodeURIComponent(password)}@127.0.0.1:${port}/glimpse` };
  } catch {
    return null;
  }
}

/** The app's tables in an order where each comes after the tables its foreign keys point to. */
export async function tablesInLoadOrder(client: pg.Client): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const { rows: refs } = await client.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conrelid <> c.confrelid`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const r of refs) parents.get(unquote(r.child))?.add(unquote(r.parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find(
      (t) => !placed.has(t.name) && [...parents.get(t.name)!].every((p) => placed.has(p) || !parents.has(p)),
    );
    if (!next) throw new Error('the tables reference each other in a cycle: they cannot be loaded in order');
    ordered.push(next.name);
    placed.add(next.name);
  }
  return ordered;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
