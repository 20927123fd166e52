import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Post } from '@glimpse/shared';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createPostViaApi } from '../modules/posts/posts.fixtures.js';
import { createTestApp, seedUser, TEST_JWT_SECRET, type SeededUser, type TestApp } from '../test/harness.js';
import { migrateDatabase, openDatabase, type Database } from './client.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';

/**
 * The database going away under the app: its backends terminated (what a restart, a failover or
 * `pg_terminate_backend` does to every connection: 57P01), a cluster stopped and started again,
 * an embedded postmaster killed. The process must live through each, answer 503 with
 * `Retry-After` meanwhile, never acknowledge a write it could not commit, and serve again by
 * itself.
 */

/** Every backend of `database` but the caller's: what a server restart does to its sessions. */
async function terminateBackends(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    `SELECT count(pg_terminate_backend(pid))::text AS n FROM pg_stat_activity
     WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [database],
  );
  return Number(rows[0]!.n);
}

const databaseNameOf = (t: TestApp) =>
  new URL(String(t.database.pool.options.connectionString)).pathname.slice(1);

/** Polls `check` (sync or async) until it holds; a generous bound, since the machine may be busy. */
async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('backends terminated under the app (a restart of the shared PostgreSQL, as its sessions see it)', () => {
  let t: TestApp;
  let admin: pg.Client;
  let dbName: string;
  let author: SeededUser;
  let post: Post;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await admin.connect();
    dbName = databaseNameOf(t);
    author = await seedUser(t);
    post = await createPostViaApi(t, author);
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
    // Its pool waits out connections the tests cut: minutes on a busy machine, never forever.
  }, 180_000);

  it('an error on a checked-out connection (an open transaction) does not crash the process', async () => {
    const client = await t.database.pool.connect();
    await client.query('BEGIN');
    // No 'error' listener of the test's own: the client emits 'error', then 'end'. Before the pool
    // listened on checked-out clients, nothing heard that 'error' and the process died of it.
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    expect(await terminateBackends(admin, dbName)).toBeGreaterThan(0);
    await ended;
    await expect(client.query('SELECT 1')).rejects.toThrow(/not queryable|terminat/i);
    client.release(true);
    // The pool's idle connections were terminated too; each is dropped as it notices.
    await waitFor('the node to serve again', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` });
      expect([200, 503]).toContain(res.statusCode);
      return res.statusCode === 200;
    });
  });

  it('under a burst of likes while every backend is terminated: each answer is 200 or 503 with Retry-After, every 200 is stored, and the node serves again', async () => {
    const members = await Promise.all(Array.from({ length: 40 }, () => seedUser(t)));
    const like = (m: SeededUser) =>
      t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: m.auth });
    // Connections busy in transactions when the terminations land.
    const burst = members.map((m) => like(m));
    const killer = (async () => {
      for (let i = 0; i < 3; i++) {
        await terminateBackends(admin, dbName);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const answers = await Promise.all(burst);
    await killer;

    for (const res of answers) {
      expect([200, 503]).toContain(res.statusCode);
      if (res.statusCode === 503) {
        expect(res.json()).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: expect.stringMatching(/database/i),
        });
        expect(res.headers['retry-after']).toBe('5');
      }
    }
    // Those told 503 try again, as Retry-After says; a like that did land meanwhile would now be
    // taken back, so each member asks until their like stands.
    const liked = new Set(members.filter((_, i) => answers[i]!.statusCode === 200).map((m) => m.id));
    for (const [i, m] of members.entries()) {
      if (answers[i]!.statusCode === 200) continue;
      let res = await like(m);
      if (res.statusCode === 200 && !res.json<{ liked: boolean }>().liked) res = await like(m);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ liked: boolean }>().liked).toBe(true);
      liked.add(m.id);
    }
    const { rows } = await t.database.pool.query<{ user_id: string }>(
      'SELECT user_id FROM likes WHERE post_id = $1',
      [post.id],
    );
    expect(new Set(rows.map((r) => r.user_id))).toEqual(liked);
    const counted = await t.database.pool.query<{ likes_count: number }>(
      'SELECT likes_count FROM posts WHERE id = $1',
      [post.id],
    );
    expect(counted.rows[0]!.likes_count).toBe(liked.size);
  });

  it('a write whose COMMIT is cut off answers 503, never 2xx, and nothing of it is kept', async () => {
    // A deferred constraint trigger runs inside COMMIT: it holds the commit open long enough for
    // the test to terminate that very backend while it commits.
    await t.database.pool.query(`
      CREATE FUNCTION test_slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_sleep(30); RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER test_slow_commit AFTER INSERT ON comments
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_slow_commit();`);
    try {
      const commenter = await seedUser(t);
      const answer = t.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/comment`,
        headers: commenter.auth,
        payload: { content: 'cut off while committing' },
      });
      let committing: number | undefined;
      await waitFor('a backend committing', async () => {
        const { rows } = await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND query ILIKE 'commit%'`,
          [dbName],
        );
        committing = rows[0]?.pid;
        return committing !== undefined;
      });
      await admin.query('SELECT pg_terminate_backend($1)', [committing]);
      const res = await answer;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      const kept = await t.database.pool.query('SELECT 1 FROM comments WHERE user_id = $1', [commenter.id]);
      expect(kept.rowCount).toBe(0);
    } finally {
      await t.database.pool.query(
        'DROP TRIGGER test_slow_commit ON comments; DROP FUNCTION test_slow_commit();',
      );
    }
  });

  it("after every backend is gone, named prepared statements work on the pool's new connections", async () => {
    const viewer = await seedUser(t);
    // Warm every pool connection with the token and feed statements, then take them all away.
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'GET', url: '/api/posts', headers: viewer.auth }),
      ),
    );
    await terminateBackends(admin, dbName);
    const feed = () => t.app.inject({ method: 'GET', url: '/api/posts', headers: viewer.auth });
    // Until each idle connection has noticed its end (on a busy machine, not at once), a request
    // may meet one of them: 503. Once one is served, every next one is, on new connections.
    await waitFor('the node to serve again', async () => {
      const res = await feed();
      expect([200, 503]).toContain(res.statusCode);
      return res.statusCode === 200;
    });
    for (let i = 0; i < 12; i++) {
      const res = await feed();
      expect(res.statusCode).toBe(200);
      expect(res.json<{ posts: Post[] }>().posts.map((p) => p.id)).toContain(post.id);
    }
  });
});

describe('a database stopped and started again, and an embedded postmaster killed', () => {
  const dirs: string[] = [];
  let external: EmbeddedPostgres;
  let externalDb: Database;
  let embeddedDb: Database;

  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-outage-'));
    dirs.push(dir);
    return dir;
  };
  const appOn = async (database: Database) => {
    const dataDir = tempDir();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      PUBLIC_ORIGIN: 'http://glimpse.test',
    });
    const app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, logger: false });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    // A PostgreSQL of this test's own (the shared ones are never stopped), used as a configured
    // DATABASE_URL; and an embedded cluster run by openDatabase, as the server runs it.
    [external, embeddedDb] = await Promise.all([
      startEmbeddedPostgres({ dir: path.join(tempDir(), 'pg'), durable: false }),
      openDatabase({ dataDir: tempDir(), restartDelaysMs: [100, 500, 1_000, 2_000] }),
    ]);
    externalDb = await openDatabase({ databaseUrl: external.url });
    await Promise.all([migrateDatabase(externalDb), migrateDatabase(embeddedDb)]);
  }, 120_000);
  afterAll(async () => {
    await externalDb?.close();
    await external?.stop();
    await embeddedDb?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 at once while its PostgreSQL is stopped and serves again once it is back', async () => {
    const app = await appOn(externalDb);
    try {
      const health = () => app.inject({ method: 'GET', url: '/api/posts' });
      expect((await health()).statusCode).toBe(200);
      const port = external.connection.port;
      await external.stop();

      const started = Date.now();
      const down = await health();
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      // Refused connections fail at once: no request waits out a timeout.
      expect(Date.now() - started).toBeLessThan(10_000); // far below the pool's 30 s connect timeout
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: 'down' } });

      external = await startEmbeddedPostgres({ dir: path.dirname(external.dataDir), durable: false, port });
      expect(external.connection.port).toBe(port);
      expect((await health()).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('restarts a killed embedded postmaster by itself: 503 meanwhile, then the same data again', async () => {
    const app = await appOn(embeddedDb);
    try {
      const register = await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { email: 'before.kill@gmail.com', username: 'beforekill', password: 'secret123' },
      });
      expect(register.statusCode).toBe(201);
      const token = register.json<{ token: string }>().token;
      const me = () =>
        app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect((await me()).statusCode).toBe(200);

      const first = embeddedDb.embedded!;
      process.kill(first.pid, 'SIGKILL');
      await waitFor('the postmaster to die', () => !first.isRunning());
      const during = await me();
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('5');

      await waitFor(
        'a new postmaster',
        () => embeddedDb.embedded !== first && embeddedDb.embedded!.isRunning(),
        60_000,
      );
      expect(embeddedDb.embedded!.pid).not.toBe(first.pid);
      const after = await me();
      expect(after.statusCode).toBe(200);
      expect(JSON.stringify(after.json())).toContain('beforekill');
    } finally {
      await app.close();
    }
  }, 90_000);
});
