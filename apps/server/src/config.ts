import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import { MIN_FREE_DISK_MB_DEFAULT } from '@glimpse/shared';

/**
 * Which peers' X-Forwarded-For/-Proto/-Host are believed: none (false), the nearest N hops, or
 * peers at these addresses/CIDRs. Fastify's `trustProxy` takes the same value.
 */
export type TrustProxy = false | number | string[];

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const ZBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZUrl = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}//`,
  );

const PORT_MESSAGE = 'must be a port number';

/** Every environment variable the server reads. The README's configuration table mirrors this. */
const ZEnv = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce.number({ message: PORT_MESSAGE }).int().min(0).max(65535, PORT_MESSAGE).default(4000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: ZUrl(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: ZUrl(['redis:', 'rediss:']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_ORIGIN: ZUrl(['http:', 'https:']).optional(),
  MEDIA_PUBLIC_URL: ZUrl(['http:', 'https:']).optional(),
  CORS_ORIGINS: z.string().default(''),
  MAIL_DOMAIN: z.string().default(''),
  MEDIA_STORE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: ZUrl(['http:', 'https:']).optional(),
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: ZBool.default(false),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PRESENCE_TTL_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  FEED_CACHE_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  MIN_FREE_DISK_MB: z.coerce
    .number({ message: 'must be a number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(0, 'must be 0 (off) or more')
    .default(MIN_FREE_DISK_MB_DEFAULT),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  GEOCODER_URL: ZUrl(['http:', 'https:']).default('https://nominatim.openstreetmap.org/reverse'),
  SEED_DEMO: ZBool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, zctx): TrustProxy => {
      const value = v.trim();
      if (['false', '0', 'no'].includes(value)) return false;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      try {
        // proxy-addr's names (loopback, linklocal, uniquelocal), addresses and CIDRs; throws on others.
        proxyAddr.compile(list);
        if (list.length > 0) return list;
      } catch {
        // reported below
      }
      zctx.addIssue({
        code: 'custom',
        message:
          'must be false, a hop count (1 = one proxy in front) or a comma-separated list of proxy addresses/CIDRs ("true" would believe any client\'s X-Forwarded-*)',
      });
      return z.NEVER;
    }),
  ADMIN_EMAILS: z.string().default(''),
  SMTP_URL: ZUrl(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3, 'must be an address such as "Glimpse <no-reply@glimpse.example>"').optional(),
  FEDERATION: ZBool.default(false),
  FEDERATION_ALLOW_PRIVATE: ZBool.default(false),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Undefined means "generate one and keep it in dataDir" (embedded mode only). */
  jwtSecret: string | undefined;
  publicOrigin: string | undefined;
  /** Base URL media keys are served under when not by this app (object store / CDN). */
  mediaPublicUrl: string | undefined;
  corsOrigins: string[];
  mailDomain: string;
  mediaStore: 'local' | 's3';
  /** Where local media live: the store when MEDIA_STORE=local, the source of `media:migrate`. */
  mediaDir: string;
  /** Set exactly when MEDIA_STORE=s3. */
  s3: S3Config | undefined;
  /** Bearer token GET /metrics requires; unset, /metrics is open. */
  metricsToken: string | undefined;
  /** How long an app node counts as alive (for presence, with Redis) after its last heartbeat. */
  presenceTtlMs: number;
  /** How long a SIGTERM shutdown may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /**
   * How long GET /api/posts may answer from its short caches (signed-out pages, token -> member);
   * 0 turns them off. Default 1000, except 0 under NODE_ENV=test (tests read their own writes).
   */
  feedCacheMs: number;
  /**
   * Free space to keep on DATA_DIR's disk (embedded PostgreSQL, local media): below it uploads
   * answer 507 and readiness is 503. 0: no floor.
   */
  minFreeDiskMb: number;
  webDist: string;
  geocoderUrl: string;
  /** Seed demo data into an empty database at start. Default: on for embedded, off for PostgreSQL. */
  seedDemo: boolean;
  logLevel: string;
  loginMaxFailures: number;
  /** Off by default: forwarded headers are then ignored (request.ip is the peer, links use Host). */
  trustProxy: TrustProxy;
  /** Members with these emails (lowercase) become admins when they register or sign in. */
  adminEmails: string[];
  /** Outgoing mail (password reset links); unset: no mail, the admin CLI prints reset links. */
  smtpUrl: string | undefined;
  /** The From of every mail: MAIL_FROM, else no-reply at PUBLIC_ORIGIN's host. */
  mailFrom: string;
  /** ActivityPub (FEDERATION=true); null when off: no federation routes, no queue. */
  federation: FederationConfig | null;
}

export interface FederationConfig {
  /** PUBLIC_ORIGIN, which FEDERATION requires to be https: every actor and object URL starts with it. */
  origin: string;
  /**
   * FEDERATION_ALLOW_PRIVATE: peers on loopback and private addresses may be fetched (testing
   * only; the server warns at start). Off, such fetches are refused (no server-side request
   * forgery through a remote actor's URLs).
   */
  allowPrivateAddress: boolean;
}

export interface S3Config {
  /** Unset: AWS itself (the region's endpoint). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's own credential chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

/** Environment -> typed config. Throws one ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.JWT_SECRET && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required when DATABASE_URL is set in production',
    );
  }
  const problems: string[] = [];
  if (e.MEDIA_STORE === 's3' && !e.S3_BUCKET) problems.push('  S3_BUCKET: required when MEDIA_STORE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (e.FEDERATION && !e.PUBLIC_ORIGIN?.startsWith('https:')) {
    problems.push(
      "  FEDERATION: needs PUBLIC_ORIGIN set to this server's public https origin (e.g. https://glimpse.example): other servers know members by URLs under it",
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/+$/, ''),
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    mailDomain: e.MAIL_DOMAIN,
    mediaStore: e.MEDIA_STORE,
    mediaDir: path.join(dataDir, 'media'),
    s3:
      e.MEDIA_STORE === 's3' && e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    metricsToken: e.METRICS_TOKEN,
    presenceTtlMs: e.PRESENCE_TTL_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    feedCacheMs: e.FEED_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    minFreeDiskMb: e.MIN_FREE_DISK_MB,
    webDist: path.resolve(e.WEB_DIST),
    geocoderUrl: e.GEOCODER_URL,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    trustProxy: e.TRUST_PROXY,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom:
      e.MAIL_FROM ??
      `Glimpse <no-reply@${e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).hostname : 'localhost'}>`,
    federation:
      e.FEDERATION && e.PUBLIC_ORIGIN
        ? { origin: new URL(e.PUBLIC_ORIGIN).origin, allowPrivateAddress: e.FEDERATION_ALLOW_PRIVATE }
        : null,
  };
}
