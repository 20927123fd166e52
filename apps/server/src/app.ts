import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { MAX_IMAGES_PER_POST, MAX_IMAGE_BYTES } from '@glimpse/shared';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { createDependencyAnswers } from './lib/dependency-errors.js';
import { fastifyLogging } from './lib/log.js';
import { createMailer } from './lib/mail.js';
import { createMetrics } from './lib/metrics.js';
import { proxyTrust } from './lib/public-urls.js';
import {
  createFallbackRateLimiter,
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './lib/rate-limit.js';
import { REDIS_COMMAND_TIMEOUT_MS } from './lib/redis.js';
import { createDiskGuard, createMediaStorage } from './lib/storage/index.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { chatRoutes } from './modules/chats/chats.routes.js';
import { collectionsRoutes } from './modules/collections/collections.routes.js';
import { federationRoutes } from './modules/federation/federation.routes.js';
import { createGlimpseFederation, startFederationQueue } from './modules/federation/federation.service.js';
import { imageQueue } from './modules/media/media.pipeline.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { pagesRoutes } from './modules/pages/pages.routes.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { forgetFeedPages } from './modules/posts/posts.service.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { registerApiDocs, registerOpenApi } from './plugins/api-docs.js';
import { registerAuth } from './plugins/auth.js';
import { registerCompression } from './plugins/compression.js';
import { registerCors } from './plugins/cors.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.js';
import { registerHttpMetrics } from './plugins/metrics.js';
import { registerStaticWeb } from './plugins/static-web.js';
import { registerValidation } from './plugins/validation.js';
import { createChatEvents } from './realtime/chat-events.js';
import { createSocketServer, registerRealtime } from './realtime/server.js';
import type { ChatIo } from './realtime/types.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  redis?: Redis | null;
  redisPrefix?: string;
  /** A logger to use (main.ts shares its own), or false for none (tests). Default: one from LOG_LEVEL. */
  logger?: FastifyBaseLogger | false;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server (tests reach its adapter); services use `ctx.events` instead. */
    io: ChatIo;
  }
}

/**
 * Rate limits in Redis, on this node's memory while Redis does not answer: logged once per outage
 * and shown by `glimpse_rate_limit_fallback` (lib/rate-limit.ts).
 */
function redisRateLimiter(
  app: FastifyInstance,
  redis: Redis,
  prefix: string,
  metrics: ReturnType<typeof createMetrics>,
): RateLimiter {
  return createFallbackRateLimiter(createRedisRateLimiter(redis, prefix), createMemoryRateLimiter(), {
    timeoutMs: REDIS_COMMAND_TIMEOUT_MS,
    onFallback(err) {
      metrics.rateLimitFallback.set(1);
      metrics.rateLimitFallbacks.inc();
      app.log.warn({ err }, "Redis does not answer: rate limits count on this node's memory until it does");
    },
    onRecover() {
      metrics.rateLimitFallback.set(0);
      app.log.info('Redis answers again: rate limits count in Redis');
    },
  });
}

/** Builds the whole app without listening: main.ts listens, tests call app.inject(). */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // One access line per request (lib/log.ts), not Fastify's two.
    ...fastifyLogging(opts.logger, config.logLevel),
    bodyLimit: 1024 * 1024,
    // Off by default: X-Forwarded-For is believed only from the proxies TRUST_PROXY names, so a
    // client cannot pick its own request.ip (the address rate limits count by).
    trustProxy: config.trustProxy === false ? false : proxyTrust(config.trustProxy),
    // Ids are validated by the route schemas with resource-specific messages; keep routing lenient.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
  });

  const redis = opts.redis ?? null;
  const redisPrefix = opts.redisPrefix ?? 'glimpse:';
  const io = createSocketServer(app, config);
  const metrics = createMetrics();
  metrics.watchDbPool(opts.database.pool);
  metrics.watchSockets(() => io.engine.clientsCount);
  metrics.watchImageQueue(imageQueue);
  const usesDataDir = opts.database.kind === 'embedded' || config.mediaStore === 'local';
  const disk = usesDataDir ? createDiskGuard({ dir: config.dataDir, minFreeMb: config.minFreeDiskMb }) : null;
  const ctx: AppContext = {
    config,
    database: opts.database,
    db: opts.database.db,
    jwtSecret: opts.jwtSecret,
    redis,
    redisPrefix,
    rateLimiter: redis ? redisRateLimiter(app, redis, redisPrefix, metrics) : createMemoryRateLimiter(),
    storage: createMediaStorage(config, { disk }),
    disk,
    events: createChatEvents(io, { acrossNodes: redis !== null, log: app.log }),
    mail: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
    metrics,
    dependencyAnswer: createDependencyAnswers({
      warn: (fields, message) => app.log.warn(fields, message),
      count: (dependency) => metrics.dependencyFailures.inc({ dependency }),
    }),
    lifecycle: { shuttingDown: false },
    federation: null,
  };
  if (config.federation) {
    ctx.federation = createGlimpseFederation(
      config.federation,
      opts.database.db,
      (err) => app.log.warn({ err }, 'federation queue'),
      redis ? { client: redis, prefix: redisPrefix } : null,
    );
  }
  app.decorate('ctx', ctx);
  app.decorate('io', io);
  // An account went private (on this node or another): kept signed-out pages may show its posts.
  ctx.events.onNodeEvent((event) => {
    if (event.kind === 'feed-pages-stale') forgetFeedPages(ctx);
  });

  registerHttpMetrics(app, metrics);
  registerErrorHandler(app, ctx.dependencyAnswer);
  registerValidation(app);
  registerAuth(app);
  registerRealtime(app, io);
  // FEDERATION=true: Fedify answers its paths before routing; off, nothing is added.
  federationRoutes(app);
  if (ctx.federation) {
    const stopQueue = new AbortController();
    let queue: Promise<void> = Promise.resolve();
    app.addHook('onReady', () => {
      queue = startFederationQueue(ctx, stopQueue.signal).catch((err: unknown) =>
        app.log.error({ err }, 'federation queue stopped'),
      );
    });
    app.addHook('onClose', async () => {
      stopQueue.abort();
      await queue;
    });
  }
  await registerCors(app, config);
  await registerSecurityHeaders(app, config);
  // Before the routes: each route's `config: rateLimit(name)` is picked up as it is added.
  await registerRateLimits(app);
  await registerCompression(app);

  // Registered once; each upload route narrows the limits per request (request.parts({ limits })).
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

  // Before the routes: the OpenAPI document is collected from each route's schemas as it is added.
  await registerOpenApi(app);
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(chatRoutes);
  await app.register(mediaRoutes);
  await app.register(moderationRoutes);
  await app.register(notificationRoutes);
  await app.register(postsRoutes);
  await app.register(collectionsRoutes);
  await app.register(searchRoutes);
  await app.register(usersRoutes);
  await app.register(accountRoutes);
  await registerApiDocs(app);

  // The pages a shared link points at get their own head and status (modules/pages); the rest of
  // the web app is index.html's client-side routes.
  if (await registerStaticWeb(app, config.webDist)) await pagesRoutes(app, config.webDist);
  return app;
}
