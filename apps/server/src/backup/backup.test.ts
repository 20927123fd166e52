import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Chat, Post, UploadedMedia } from '@glimpse/shared';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { migrateDatabase, openDatabase, type Database } from '../db/client.js';
import { listLocalMediaKeys } from '../lib/storage/index.js';
import { multipart, solidImage } from '../modules/media/media.fixtures.js';
import { sendChatMessage } from '../modules/chats/messages.service.js';
import { createTestDatabase, TEST_JWT_SECRET } from '../test/harness.js';
import { readJournal } from './archive.js';
import { createBackup } from './backup.js';
import { RestoreRefused, restoreBackup } from './restore.js';

/**
 * Backup → restore round trips on both kinds of database — the embedded cluster under DATA_DIR,
 * and a PostgreSQL server by URL (the machine's PostgreSQL 15 when DATABASE_URL is set, else the
 * run's own cluster) — with the same members, posts, comments, likes, chats, notifications and
 * media bytes on the other side; an archive of an older schema comes back migrated.
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const quiet = { update() {}, done() {} };
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // The embedded cluster runs as `postgres` when the tests run as root: it must reach the directory.
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function configFor(env: Record<string, string>): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: 'http://glimpse.test', ...env });
}

async function appOn(database: Database, config: Config): Promise<FastifyInstance> {
  const app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, logger: false });
  await app.ready();
  return app;
}

/** Members, follows, posts with photos, comments, likes (so notifications), a chat with messages. */
async function populate(app: FastifyInstance): Promise<void> {
  const register = async (n: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: `10.9.9.${n}`,
      payload: { email: `backup${n}@gmail.com`, username: `backup${n}`, password: 'secret123' },
    });
    expect(res.statusCode).toBe(201);
    const { user, token } = res.json<{ user: { id: string; username: string }; token: string }>();
    return { ...user, auth: { authorization: `Bearer ${token}` } };
  };
  const [ana, ben, cy] = [await register(1), await register(2), await register(3)];
  for (const [who, whom] of [
    [ben, ana],
    [cy, ana],
    [ana, ben],
  ] as const) {
    expect(
      (await app.inject({ method: 'POST', url: `/api/users/${whom.id}/follow`, headers: who.auth }))
        .statusCode,
    ).toBe(200);
  }
  for (const [i, author] of [ana, ben].entries()) {
    const body = multipart([{ data: await solidImage(700 + i * 50, 500) }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/posts/upload-media',
      headers: { ...author.auth, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const [media] = uploaded.json<{ media: UploadedMedia[] }>().media;
    const created = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.auth,
      payload: {
        title: `Post ${i} with a\nline and a tab\there`,
        content: 'Backslashes \\ and quotes " survive',
        category: 'Travel',
        tags: ['sunset', `tag${i}`],
        media: { images: [{ url: media!.url }] },
      },
    });
    expect(created.statusCode).toBe(201);
    const post = created.json<{ post: Post }>().post;
    for (const who of [ben, cy]) {
      await app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: who.auth });
      await app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/comment`,
        headers: who.auth,
        payload: { content: `Lovely, from ${who.username} ✨` },
      });
    }
  }
  const chat = await app.inject({
    method: 'POST',
    url: '/api/chats',
    headers: ana.auth,
    payload: { participantId: ben.id },
  });
  const chatId = chat.json<Chat>().id;
  const urls = { origin: 'http://glimpse.test', media: (p: string) => p };
  for (const [who, content] of [
    [ana, 'hi Ben'],
    [ben, 'hello Ana'],
    [ana, 'see you'],
  ] as const) {
    await sendChatMessage(app.ctx, who, { chatId, content, messageType: 'text' }, urls);
  }
}

const TABLES = [
  'users',
  'follows',
  'posts',
  'post_media',
  'media_uploads',
  'comments',
  'likes',
  'notifications',
  'chats',
  'chat_members',
  'messages',
  'tag_counts',
];

/** Every row of the tables that matter, and the media bytes by key: what must come back. */
async function snapshotOf(pool: pg.Pool, mediaDir: string): Promise<Record<string, unknown>> {
  const snapshot: Record<string, unknown> = {};
  for (const table of TABLES) {
    const { rows } = await pool.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
    snapshot[table] = rows;
  }
  const media: Record<string, string> = {};
  for await (const key of listLocalMediaKeys(mediaDir)) {
    media[key] = createHash('sha256')
      .update(fs.readFileSync(path.join(mediaDir, key.slice(0, 2), key)))
      .digest('hex');
  }
  snapshot.media = media;
  return snapshot;
}

function expectFull(snapshot: Record<string, unknown>) {
  const count = (t: string) => (snapshot[t] as unknown[]).length;
  expect(count('users')).toBe(3);
  expect(count('posts')).toBe(2);
  expect(count('comments')).toBe(4);
  expect(count('likes')).toBe(4);
  expect(count('messages')).toBe(3);
  expect(count('notifications')).toBeGreaterThan(0);
  expect(Object.keys(snapshot.media as object).length).toBeGreaterThan(2);
}

function runNpm(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('the embedded database (DATA_DIR)', () => {
  let source: { dir: string; config: Config; database: Database; app: FastifyInstance };
  let before: Record<string, unknown>;
  const archive = () => path.join(source.dir, 'glimpse.backup');

  beforeAll(async () => {
    const dir = tempDir('glimpse-backup-src-');
    const config = configFor({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' });
    const database = await openDatabase({ dataDir: config.dataDir });
    await migrateDatabase(database);
    const app = await appOn(database, config);
    source = { dir, config, database, app };
    await populate(app);
    before = await snapshotOf(database.pool, config.mediaDir);
    expectFull(before);
  }, 120_000);
  afterAll(async () => {
    await source?.app.close();
    await source?.database.close();
  });

  it('`npm run backup` writes an archive of the running instance, with a progress line', async () => {
    const { code, stderr } = await runNpm(['run', 'backup', '--', archive()], {
      DATA_DIR: source.config.dataDir,
      DATABASE_URL: '',
      MEDIA_STORE: 'local',
    });
    expect(stderr).toMatch(/backup: .*glimpse\.backup: \d+ tables, [\d,]+ rows, \d+ media files/);
    expect(code).toBe(0);
    expect(fs.existsSync(`${archive()}.partial`)).toBe(false);
  }, 120_000);

  it('restores into an empty DATA_DIR: the same rows and media bytes; refuses a non-empty one unless --force', async () => {
    const target = configFor({
      DATA_DIR: path.join(tempDir('glimpse-backup-dst-'), 'data'),
      DATABASE_URL: '',
    });
    const manifest = await restoreBackup({ config: target, file: archive(), progress: quiet });
    expect(manifest.database.kind).toBe('embedded');
    expect(manifest.media).toMatchObject({ store: 'local' });

    await expect(restoreBackup({ config: target, file: archive(), progress: quiet })).rejects.toThrow(
      RestoreRefused,
    );
    await restoreBackup({ config: target, file: archive(), progress: quiet, force: true });

    const restored = await openDatabase({ dataDir: target.dataDir });
    try {
      expect(await snapshotOf(restored.pool, target.mediaDir)).toEqual(before);
      // And the app runs on it: a member signs in with the password they had.
      const app = await appOn(restored, target);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'backup1@gmail.com', password: 'secret123' },
      });
      expect(login.statusCode).toBe(200);
      await app.close();
    } finally {
      await restored.close();
    }
  }, 180_000);
});

describe('PostgreSQL by URL (PostgreSQL 15 when DATABASE_URL is set)', () => {
  it('round-trips into a fresh database of its own; with MEDIA_STORE=s3 the archive says the media stay in the bucket', async () => {
    const [sourceDb, targetDb] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    const source = configFor({ DATA_DIR: tempDir('glimpse-backup-pg-src-'), DATABASE_URL: sourceDb.url });
    const target = configFor({ DATA_DIR: tempDir('glimpse-backup-pg-dst-'), DATABASE_URL: targetDb.url });
    const database = await openDatabase({ databaseUrl: sourceDb.url });
    const restoredDb = await openDatabase({ databaseUrl: targetDb.url });
    try {
      const app = await appOn(database, source);
      await populate(app);
      await app.close();
      const before = await snapshotOf(database.pool, source.mediaDir);
      expectFull(before);
      const file = path.join(source.dataDir, 'pg.backup');
      const manifest = await createBackup({ config: source, file, progress: quiet });
      expect(manifest.database.kind).toBe('postgres');
      await restoreBackup({ config: target, file, progress: quiet });
      expect(await snapshotOf(restoredDb.pool, target.mediaDir)).toEqual(before);

      const inBucket = configFor({
        DATA_DIR: source.dataDir,
        DATABASE_URL: sourceDb.url,
        MEDIA_STORE: 's3',
        S3_BUCKET: 'glimpse-media',
        S3_ENDPOINT: 'http://127.0.0.1:9',
      });
      const s3Manifest = await createBackup({ config: inBucket, file: `${file}.s3`, progress: quiet });
      expect(s3Manifest.media).toMatchObject({
        store: 's3',
        bucket: 'glimpse-media',
        note: expect.stringMatching(/stay in the bucket/),
      });
    } finally {
      await database.close();
      await restoredDb.close();
      await Promise.all([sourceDb.drop(), targetDb.drop()]);
    }
  }, 180_000);

  it('restores an archive of an older schema, then migrates it to the current one', async () => {
    const journal = readJournal();
    const earlier = journal.at(-2)!;
    // A database that only ever saw the migrations up to `earlier`, as an older Glimpse left it.
    const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await admin.connect();
    const name = `glimpse_t_${process.pid}_old_${Date.now().toString(36)}`;
    await admin.query(`CREATE DATABASE "${name}"`);
    const oldUrl = Object.assign(new URL(inject('adminDatabaseUrl')), { pathname: `/${name}` }).toString();
    const targetDb = await createTestDatabase();
    const old = new pg.Client({ connectionString: oldUrl });
    try {
      await old.connect();
      const folder = tempDir('glimpse-old-migrations-');
      fs.mkdirSync(path.join(folder, 'meta'));
      const entries = journal.filter((e) => e.when <= earlier.when);
      const migrations = path.join(REPO_ROOT, 'apps/server/src/db/migrations');
      for (const e of entries)
        fs.copyFileSync(path.join(migrations, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
      const full = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as object;
      fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...full, entries }));
      await migrate(drizzle(old), { migrationsFolder: folder });
      await old.query(
        `INSERT INTO users (id, username, email, password_hash) VALUES ('${'a'.repeat(24)}', 'oldtimer', 'old@gmail.com', 'x')`,
      );

      const file = path.join(tempDir('glimpse-old-archive-'), 'old.backup');
      const source = configFor({ DATA_DIR: path.dirname(file), DATABASE_URL: oldUrl });
      const manifest = await createBackup({ config: source, file, progress: quiet });
      expect(manifest.migration.tag).toBe(earlier.tag);

      const target = configFor({ DATA_DIR: tempDir('glimpse-old-dst-'), DATABASE_URL: targetDb.url });
      await restoreBackup({ config: target, file, progress: quiet });
      const restored = new pg.Client({ connectionString: targetDb.url });
      await restored.connect();
      try {
        const applied = await restored.query('SELECT 1 FROM drizzle.__drizzle_migrations');
        expect(applied.rowCount).toBe(journal.length);
        const users = await restored.query<{ username: string }>('SELECT username FROM users');
        expect(users.rows).toEqual([{ username: 'oldtimer' }]);
      } finally {
        await restored.end();
      }
    } finally {
      await old.end();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
      await targetDb.drop();
    }
  }, 120_000);
});
