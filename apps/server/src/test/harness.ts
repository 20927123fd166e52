import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { JWT_TTL_SECONDS, type AuthResponse } from '@glimpse/shared';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { newId } from '../lib/ids.js';
import { signToken } from '../lib/jwt.js';
import { hashPassword } from '../lib/passwords.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** Where its database is (for a process, such as a CLI, that opens it too). */
  databaseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-'.padEnd(48, 'x');

let fileCounter = 0;

/**
 * A fresh, migrated database cloned from the run's template (see global-setup.ts), for a test
 * that hands its URL to something else (server processes); `drop` removes it.
 */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `glimpse_t_${process.ppid}_${process.pid}_${Date.now().toString(36)}_${fileCounter++}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  // CREATE DATABASE ... TEMPLATE fails while another backend touches the template; retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      break;
    } catch (err) {
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A fresh database cloned from the run's migrated template, opened. */
async function openTestDatabase(): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const created = await createTestDatabase();
  const database = await openDatabase({ databaseUrl: created.url });
  return {
    database,
    url: created.url,
    drop: async () => {
      await database.close();
      await created.drop();
    },
  };
}

export interface TestAppOptions {
  /** Given to buildApp: Socket.IO uses the Redis adapter, presence and rate limits live in Redis. */
  redis?: Redis;
  /** Key prefix in Redis; use a unique one per run and delete its keys afterwards. */
  redisPrefix?: string;
  /** Runs on this app's database (a second app node); closing it leaves the database in place. */
  shareDatabaseWith?: TestApp;
  /** Log through this logger (default: no logging). */
  logger?: FastifyBaseLogger;
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    PUBLIC_ORIGIN: 'http://glimpse.test',
    ...env,
  });
  const { database, url, drop } = opts.shareDatabaseWith
    ? {
        database: opts.shareDatabaseWith.database,
        url: opts.shareDatabaseWith.databaseUrl,
        drop: async () => {},
      }
    : await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    logger: opts.logger ?? false,
    redis: opts.redis,
    redisPrefix: opts.redisPrefix,
  });
  await app.ready();
  return {
    app,
    config,
    database,
    databaseUrl: url,
    dataDir,
    async close() {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let addressCounter = 0;
/**
 * A client address of its own (inject's `remoteAddress`): limits per address (registration,
 * sign-in) then count each test's calls apart, as for different people.
 */
export function testAddress(): string {
  addressCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * Registers through the real API (argon2 and all), from an address of its own (registrations are
 * limited per address). Use for auth tests; prefer seedUser elsewhere.
 */
export async function registerViaApi(
  app: FastifyInstance,
  overrides: Partial<{ email: string; username: string; password: string }> = {},
): Promise<AuthResponse> {
  const n = nextUserNumber();
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    remoteAddress: testAddress(),
    payload: { email: `user${n}@gmail.com`, username: `user${n}`, password: 'secret123', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return res.json<AuthResponse>();
}

let userCounter = 0;
function nextUserNumber(): string {
  userCounter += 1;
  return `${process.pid}x${userCounter}`;
}

let sharedHash: Promise<string> | undefined;

/**
 * Opens a session for the member directly (as sign-in would) and answers a token of it: tokens
 * name their session, and a session that ended refuses them.
 */
export async function seedSession(
  t: TestApp,
  user: { id: string; username: string; email: string },
  opts: { device?: string; ipAddress?: string } = {},
): Promise<string> {
  const sid = newId();
  await t.database.db.insert(sessions).values({
    id: sid,
    userId: user.id,
    device: opts.device ?? 'Test device',
    ipAddress: opts.ipAddress ?? '127.0.0.1',
    expiresAt: new Date(Date.now() + JWT_TTL_SECONDS * 1000),
  });
  return signToken({ userId: user.id, username: user.username, email: user.email, sid }, TEST_JWT_SECRET);
}

export interface SeededUser {
  id: string;
  username: string;
  email: string;
  token: string;
  auth: { authorization: string };
}

/**
 * Inserts a member directly (one shared argon2 hash of "secret123"), for tests that need many
 * members quickly. The token is signed exactly as login signs it.
 */
export async function seedUser(
  t: TestApp,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<SeededUser> {
  sharedHash ??= hashPassword('secret123');
  const n = nextUserNumber();
  const row = {
    id: newId(),
    username: `member${n}`,
    email: `member${n}@gmail.com`,
    passwordHash: await sharedHash,
    ...values,
  };
  await t.database.db.insert(users).values(row);
  const token = await seedSession(t, row);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}
