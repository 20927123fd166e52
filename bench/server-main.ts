/**
 * The real server for a bench run, in a child process of its own: main.ts's start-up (config from
 * the environment, migrate, buildApp) but listening on an ephemeral 127.0.0.1 port, with the Redis
 * key prefix the bench chose (BENCH_REDIS_PREFIX) so it can clean up. With SEED_DEMO=true (the
 * feed bench's demo instance) an empty database gets the first start's demo data, as main.ts
 * seeds it (same images, same members and posts); the bench sets SEED_DEMO=false otherwise.
 * Prints `BENCH_READY {"port":N}` on stdout once it accepts connections.
 */
import { Redis } from 'ioredis';
import { buildApp } from '@glimpse/server/src/app.js';
import { loadConfig } from '@glimpse/server/src/config.js';
import { migrateDatabase, openDatabase } from '@glimpse/server/src/db/client.js';
import { seedDemoIfEmpty, startDemoImages } from '@glimpse/server/src/db/seed/demo.js';

const config = loadConfig();
if (!config.jwtSecret) throw new Error('the bench server needs JWT_SECRET (the bench signs tokens with it)');
const demoImages = startDemoImages(config);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3 }) : null;
const app = await buildApp({
  config,
  database,
  jwtSecret: config.jwtSecret,
  redis,
  redisPrefix: process.env.BENCH_REDIS_PREFIX || undefined,
});
if (config.seedDemo) await seedDemoIfEmpty(app.ctx, app.log, demoImages);

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  const force = setTimeout(() => process.exit(0), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
  } finally {
    redis?.disconnect();
    process.exit(0);
  }
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
// The bench owns this process: if it goes away, so do we.
process.stdin.on('end', () => void shutdown());
process.stdin.resume();

// BENCH_SERVER_PORT pins the port (a machine shared by several people gives each a port range).
await app.listen({ port: Number(process.env.BENCH_SERVER_PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`BENCH_READY ${JSON.stringify({ port, pid: process.pid })}\n`);
