import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrateDatabase, openDatabase, type Database } from './db/client.js';
import { EmbeddedPostgresError } from './db/embedded-postgres.js';
import { seedDemoIfEmpty, startDemoImages } from './db/seed/demo.js';
import { printDemoBanner } from './db/seed/demo-banner.js';
import { createLogger } from './lib/log.js';
import { createRedisClient } from './lib/redis.js';
import { resolveJwtSecret } from './lib/secret.js';
import { sweepLocalLeftovers } from './lib/storage/index.js';
import { cleanupOrphanUploads, ORPHAN_CLEANUP_INTERVAL_MS } from './modules/media/media.cleanup.js';

/** After SHUTDOWN_TIMEOUT_MS cut the connections, this long more for the rest before exiting anyway. */
const FORCED_EXIT_GRACE_MS = 5_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger({ level: config.logLevel });

  /** What exists so far, for a shutdown that may come at any point of the start. */
  const running: { app?: FastifyInstance; database?: Database; redis?: Redis } = {};
  let closing = false;
  // Signals are handled from the start: a Ctrl-C during migration or seeding still stops the
  // embedded cluster cleanly. Repeats (a terminal sends SIGINT to the whole process group, and
  // `npm start` forwards it too) are ignored while the first shutdown runs.
  //
  // The order (docs/DEPLOY.md): readiness turns 503 so the load balancer stops sending; the
  // listening socket closes (new connections go to other nodes) while requests in flight finish;
  // every Socket.IO connection is closed at the transport, which clients take as "reconnect" and
  // do, through the load balancer, to another node; then the pool and Redis close. Requests still
  // running after SHUTDOWN_TIMEOUT_MS have their connections cut; the process exits regardless a
  // few seconds later.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const limit = config.shutdownTimeoutMs;
    setTimeout(() => {
      log.warn(`requests still running after ${limit} ms; closing their connections`);
      running.app?.server.closeAllConnections();
    }, limit).unref();
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, limit + FORCED_EXIT_GRACE_MS).unref();
    try {
      if (running.app) running.app.ctx.lifecycle.shuttingDown = true;
      await running.app?.close();
      await running.database?.close();
      await running.redis?.quit().catch(() => running.redis?.disconnect());
      log.info('shut down');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // A write cut off by a crash leaves a temporary file beside the media: gone before this process
  // writes any (the first start's demo photos, below) or takes uploads.
  if (config.mediaStore === 'local') {
    const removed = await sweepLocalLeftovers(config.mediaDir);
    if (removed > 0) log.info({ removed }, 'removed temporary media files left by an earlier run');
  }
  const demoImages = startDemoImages(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: (message) => log.info(message),
    warn: (message) => log.warn(message),
  });
  running.database = database;
  // The embedded cluster is restarted when it dies (db/client.ts); only when that fails for good
  // does the server stop, non-zero, for its supervisor to act.
  database.onLost((description) => {
    if (closing) return;
    log.fatal(`${description}; the server cannot work without its database and stops`);
    process.exit(1);
  });
  await migrateDatabase(database);
  const jwtSecret = resolveJwtSecret({ configured: config.jwtSecret, dataDir: config.dataDir });
  const redis = config.redisUrl ? createRedisClient(config.redisUrl) : null;
  if (redis) {
    running.redis = redis;
    // ioredis reconnects by itself; say so once per outage instead of an unhandled error event.
    let reported = false;
    redis.on('error', (err: Error) => {
      if (!reported) log.warn({ err }, 'Redis connection failed; reconnecting');
      reported = true;
    });
    redis.on('ready', () => (reported = false));
  }

  const app = await buildApp({ config, database, jwtSecret, redis, logger: log });
  running.app = app;
  if (config.seedDemo) await seedDemoIfEmpty(app.ctx, app.log, demoImages);

  await app.listen({ port: config.port, host: config.host });
  if (config.env === 'production' && !config.publicOrigin)
    log.warn(
      "PUBLIC_ORIGIN is not set: share links and media URLs follow each request's Host header; set it to the address members use",
    );
  if (config.federation?.allowPrivateAddress)
    log.warn(
      'FEDERATION_ALLOW_PRIVATE is on: remote servers on loopback and private addresses are fetched (for tests only; never in production)',
    );
  if (config.federation) log.info({ origin: config.federation.origin }, 'federation (ActivityPub) is on');
  await printDemoBanner(app.ctx, log);

  // Hourly: uploads never attached to a post go after a day (with files nothing else uses).
  const sweep = () =>
    cleanupOrphanUploads(app.ctx).then(
      (r) => r.uploads > 0 && log.info(r, 'removed orphan uploads'),
      (err: unknown) => log.warn({ err }, 'orphan upload cleanup failed'),
    );
  setInterval(() => void sweep(), ORPHAN_CLEANUP_INTERVAL_MS).unref();
}

main().catch((err: unknown) => {
  // The embedded cluster's refusals (another process owns it, a directory it cannot reach) are
  // messages for a person, not stack traces.
  console.error(err instanceof EmbeddedPostgresError ? err.message : err);
  process.exit(1);
});
