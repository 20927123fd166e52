/**
 * `npm run seed -- --users N --posts M`: adds N members and M posts (with photos, follows, likes,
 * comments, chats) to the configured database, embedded or PostgreSQL. Usernames get a run
 * suffix so repeated runs never collide. Prints the accounts' password once.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { resolveJwtSecret } from '../../lib/secret.js';
import { migrateDatabase, openDatabase } from '../client.js';
import { seedDemo } from './demo.js';

const { values } = parseArgs({
  options: { users: { type: 'string', default: '30' }, posts: { type: 'string', default: '300' } },
});
const usersCount = Number(values.users);
const postsCount = Number(values.posts);
if (!Number.isInteger(usersCount) || usersCount < 1 || !Number.isInteger(postsCount) || postsCount < 0) {
  console.error('Usage: npm run seed -- --users <N ≥ 1> --posts <M ≥ 0>');
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
const started = Date.now();
const result = await seedDemo(app.ctx, {
  users: usersCount,
  posts: postsCount,
  password,
  usernameSuffix: suffix,
});
console.log(
  `Seeded ${result.usernames.length} members and ${result.postCount} posts in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
console.log(
  `Usernames: ${result.usernames.slice(0, 5).join(', ')}${result.usernames.length > 5 ? ', ...' : ''}`,
);
console.log(`Password for all of them: ${password}`);
await app.close();
await database.close();
