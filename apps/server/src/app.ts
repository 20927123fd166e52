import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { MAX_IMAGES_PER_POST, MAX_IMAGE_BYTES } from '@glimpse/shared';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { fastifyLogging } from './lib/log.js';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limit.js';
import { createMediaStorage } from './lib/storage/index.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { chatRoutes } from './modules/chats/chats.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerRealtime } from './realtime/server.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerStaticWeb } from './plugins/static-web.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  redis?: Redis | null;
  redisPrefix?: string;
  /** A logger to use (main.ts shares its own), or false for none (tests). Default: one from LOG_LEVEL. */
  logger?: FastifyBaseLogger | false;
}

/** Builds the whole app without listening: main.ts listens, tests call app.inject(). */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // One access line per request (lib/log.ts), not Fastify's two.
    ...fastifyLogging(opts.logger, config.logLevel),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    // Ids are validated by handlers with resource-specific messages; keep routing lenient.
    routerOptions: { ignoreTrailingSlash: true },
  });

  const redis = opts.redis ?? null;
  const redisPrefix = opts.redisPrefix ?? 'glimpse:';
  const ctx: AppContext = {
    config,
    database: opts.database,
    db: opts.database.db,
    jwtSecret: opts.jwtSecret,
    redis,
    redisPrefix,
    rateLimiter: redis ? createRedisRateLimiter(redis, redisPrefix) : createMemoryRateLimiter(),
    publicOrigin: config.publicOrigin,
    storage: createMediaStorage(config),
  };
  app.decorate('ctx', ctx);

  registerErrorHandler(app);
  registerAuth(app);
  registerRealtime(app);
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, credentials: true });
  }

  // Registered once; each upload route narrows the limits per request (request.parts/file({ limits })).
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MAX_IMAGES_PER_POST,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 40,
      headerPairs: 200,
    },
  });

  app.get('/api/health', async () => ({ status: 'ok', database: ctx.database.kind }));
  /** Public, non-secret settings the web app reads at start. */
  app.get('/api/config', async () => ({ geocoderUrl: config.geocoderUrl, mailDomain: config.mailDomain }));

  await app.register(authRoutes);
  await app.register(chatRoutes);
  await app.register(mediaRoutes);
  await app.register(postsRoutes);
  await app.register(searchRoutes);
  await app.register(usersRoutes);

  await registerStaticWeb(app, config.webDist);
  return app;
}
