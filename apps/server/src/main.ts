import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { seedDemoIfEmpty } from './db/seed/demo.js';
import { resolveJwtSecret } from './lib/secret.js';
import { cleanupOrphanUploads, ORPHAN_CLEANUP_INTERVAL_MS } from './modules/media/media.cleanup.js';

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

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/db` });
  await migrateDatabase(database);
  const jwtSecret = resolveJwtSecret({ configured: config.jwtSecret, dataDir: config.dataDir });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3 }) : null;

  const app = await buildApp({ config, database, jwtSecret, redis });
  if (config.seedDemo) await seedDemoIfEmpty(app.ctx, app.log);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });

  // Hourly: uploads never attached to a post go after a day (with files nothing else uses).
  const sweep = () =>
    cleanupOrphanUploads(app.ctx).then(
      (r) => r.uploads > 0 && app.log.info(r, 'removed orphan uploads'),
      (err: unknown) => app.log.warn({ err }, 'orphan upload cleanup failed'),
    );
  setInterval(() => void sweep(), ORPHAN_CLEANUP_INTERVAL_MS).unref();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
