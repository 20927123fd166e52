/**
 * `npm run seed -- --users N --posts M [--photos-per-scene K]`: adds N members and M posts (with
 * photos, portraits, follows, likes, comments, chats) to the configured database, embedded or
 * PostgreSQL. Usernames and emails get a run suffix so repeated runs never collide. Prints the
 * accounts' password once, and how long each step took.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { resolveJwtSecret } from '../../lib/secret.js';
import { migrateDatabase, openDatabase } from '../client.js';
import { DEFAULT_DEMO, seedDemo } from './demo.js';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: String(DEFAULT_DEMO.users) },
    posts: { type: 'string', default: String(DEFAULT_DEMO.posts) },
    'photos-per-scene': { type: 'string', default: String(DEFAULT_DEMO.photosPerScene) },
  },
});
const usersCount = Number(values.users);
const postsCount = Number(values.posts);
const photosPerScene = Number(values['photos-per-scene']);
if (
  !Number.isInteger(usersCount) ||
  usersCount < 1 ||
  !Number.isInteger(postsCount) ||
  postsCount < 0 ||
  !Number.isInteger(photosPerScene) ||
  photosPerScene < 1
) {
  console.error('Usage: npm run seed -- --users <N ≥ 1> --posts <M ≥ 0> [--photos-per-scene <K ≥ 1>]');
  process.exit(2);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
const app = await buildApp({
  config,
  database,
  jwtSecret: resolveJwtSecret({ configured: config.jwtSecret, dataDir: config.dataDir }),
});
const password = randomBytes(9).toString('base64url');
const suffix = `_${Date.now().toString(36).slice(-4)}`;
const result = await seedDemo(app.ctx, {
  users: usersCount,
  posts: postsCount,
  password,
  photosPerScene,
  usernameSuffix: suffix,
});
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const { cpu, total, ...steps } = result.timings;
console.log(
  `Seeded ${result.usernames.length} members and ${result.postCount} posts in ${seconds(total ?? 0)} ` +
    `(${seconds(cpu ?? 0)} of CPU in this process).`,
);
console.log(
  `  steps done at: ${Object.entries(steps)
    .map(([step, ms]) => `${step} ${seconds(ms)}`)
    .join(', ')}`,
);
console.log(`Sign in as: ${result.emails.slice(0, 3).join(', ')}${result.emails.length > 3 ? ', ...' : ''}`);
console.log(`Password for all of them: ${password}`);
await app.close();
await database.close();
