import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive, waitFor } from '../test/server-process.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';

const OWNER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/embedded-owner.ts');

async function withClient<T>(cluster: EmbeddedPostgres, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(cluster.connection);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const setting = async (c: pg.Client, name: string) =>
  (await c.query<{ v: string }>('SELECT current_setting($1) AS v', [name])).rows[0]!.v;

/** WAL fsyncs PostgreSQL has counted (pg_stat_io, by object 'wal' since PostgreSQL 18). */
async function walFsyncs(c: pg.Client): Promise<number> {
  // A backend publishes its counters at most once a second unless told to at the next chance.
  await c.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await c.query<{ n: number }>(
    `SELECT coalesce(sum(fsyncs), 0)::int AS n FROM pg_stat_io WHERE object = 'wal'`,
  );
  return rows[0]!.n;
}

/** Starts a process that owns a cluster in `dir`, resolves with PostgreSQL's pid once it is ready. */
async function startOwner(dir: string, mode: 'tied' | 'orphan') {
  const child = spawn(process.execPath, ['--import', 'tsx', OWNER_SCRIPT, dir, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor(
    'the owner process to report its cluster',
    () => out.includes('"pid"') || child.exitCode !== null,
    60_000,
  );
  const pid = Number(/"pid":(\d+)/.exec(out)?.[1]);
  if (!pid) throw new Error(`owner failed:\n${out}`);
  return { child, exited, postgresPid: pid };
}

describe('embedded PostgreSQL cluster', () => {
  let root: string;
  // As the server lays it out: `root` plays DATA_DIR, each cluster one directory in it.
  const dirOf = (name: string) => path.join(root, name);

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-embedded-'));
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only, with a generated owner-only password, and syncs each commit to disk', async () => {
    const cluster = await startEmbeddedPostgres({ dir: dirOf('defaults') });
    try {
      const passwordFile = path.join(dirOf('defaults'), 'password');
      expect(fs.statSync(passwordFile).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(passwordFile, 'utf8').trim()).toBe(cluster.connection.password);
      expect(cluster.connection.password.length).toBeGreaterThanOrEqual(24);
      expect(cluster.connection.host).toBe('127.0.0.1');

      await withClient(cluster, async (c) => {
        expect(await setting(c, 'listen_addresses')).toBe('127.0.0.1');
        expect(await setting(c, 'unix_socket_directories')).toBe('');
        expect(await setting(c, 'port')).toBe(String(cluster.connection.port));
        expect(await setting(c, 'fsync')).toBe('on');
        expect(await setting(c, 'synchronous_commit')).toBe('on');
        expect(await setting(c, 'full_page_writes')).toBe('on');
        expect(await setting(c, 'server_version_num')).toMatch(/^18/);

        // Twenty separate commits: PostgreSQL itself counts a WAL fsync for each.
        await c.query('CREATE TABLE commits (n int)');
        const before = await walFsyncs(c);
        for (let i = 0; i < 20; i++) await c.query('INSERT INTO commits VALUES ($1)', [i]);
        expect((await walFsyncs(c)) - before).toBeGreaterThanOrEqual(20);
      });

      const intruder = new pg.Client({ ...cluster.connection, password: 'not-the-password' });
      await expect(intruder.connect()).rejects.toThrow(/password authentication failed/);
    } finally {
      await cluster.stop();
    }
    expect(cluster.isRunning()).toBe(false);
    expect(isAlive(cluster.pid)).toBe(false);
    expect(fs.existsSync(path.join(cluster.dataDir, 'postmaster.pid'))).toBe(false);
  }, 60_000);

  it('a throwaway cluster (durable: false) makes no WAL fsync at all: the counter above means something', async () => {
    const cluster = await startEmbeddedPostgres({ dir: dirOf('throwaway'), durable: false });
    try {
      await withClient(cluster, async (c) => {
        expect(await setting(c, 'fsync')).toBe('off');
        await c.query('CREATE TABLE commits (n int)');
        const before = await walFsyncs(c);
        for (let i = 0; i < 20; i++) await c.query('INSERT INTO commits VALUES ($1)', [i]);
        expect((await walFsyncs(c)) - before).toBe(0);
      });
    } finally {
      await cluster.stop();
    }
  }, 60_000);

  it('keeps its data across restarts and refuses a second owner of the same directory', async () => {
    const dir = dirOf('restart');
    const first = await startEmbeddedPostgres({ dir });
    try {
      await withClient(first, (c) => c.query(`CREATE TABLE kept AS SELECT 'still here' AS note`));
      await expect(startEmbeddedPostgres({ dir })).rejects.toThrow(/in use by this process/);
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres({ dir });
    try {
      const rows = await withClient(second, async (c) => (await c.query('SELECT note FROM kept')).rows);
      expect(rows).toEqual([{ note: 'still here' }]);
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('refuses to share its directory with a live owner, and stops when that owner is killed', async () => {
    const dir = dirOf('tied');
    const owner = await startOwner(dir, 'tied');
    await expect(startEmbeddedPostgres({ dir })).rejects.toThrow(
      new RegExp(`in use by another process \\(pid ${owner.child.pid}\\)`),
    );
    expect(isAlive(owner.postgresPid)).toBe(true);

    owner.child.kill('SIGKILL');
    await owner.exited;
    await waitFor('PostgreSQL to follow its owner', () => !isAlive(owner.postgresPid));
    // It shut down cleanly (SIGINT from the parent-death signal), so it removed its lock file.
    expect(fs.existsSync(path.join(dir, 'data', 'postmaster.pid'))).toBe(false);
  }, 90_000);

  it('stops an orphaned cluster left by a killed owner and starts in its place', async () => {
    const dir = dirOf('orphan');
    const owner = await startOwner(dir, 'orphan');
    owner.child.kill('SIGKILL');
    await owner.exited;
    // The orphan outlives its owner, still holding the data directory.
    expect(isAlive(owner.postgresPid)).toBe(true);

    const cluster = await startEmbeddedPostgres({ dir });
    try {
      expect(isAlive(owner.postgresPid)).toBe(false);
      expect(cluster.pid).not.toBe(owner.postgresPid);
      expect(await withClient(cluster, async (c) => (await c.query('SELECT 1 AS ok')).rows)).toEqual([
        { ok: 1 },
      ]);
    } finally {
      await cluster.stop();
    }
  }, 90_000);
});
