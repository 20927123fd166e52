import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { RateLimiter } from './lib/rate-limit.js';
import type { MediaStorage } from './lib/storage/index.js';

/**
 * What services need from the outside world, built once by buildApp() and reachable as
 * `app.ctx`. Services take it (or parts of it) as an argument; nothing is a module-level global.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  jwtSecret: string;
  rateLimiter: RateLimiter;
  /** Set when REDIS_URL is configured. */
  redis: Redis | null;
  /** Key prefix for everything this app keeps in Redis (tests use a unique one per run). */
  redisPrefix: string;
  /** The origin links point at (share URLs): PUBLIC_ORIGIN, else the request's own origin. */
  publicOrigin: string | undefined;
  /** Where processed images are stored (local disk, or an object store later). */
  storage: MediaStorage;
}
