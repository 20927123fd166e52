import { z } from 'zod';

/** GET /api/health. */
export const ZHealth = z.object({ status: z.literal('ok'), database: z.string() });
export type Health = z.infer<typeof ZHealth>;

/** GET /api/config: public, non-secret settings the web app reads at start. */
export const ZPublicConfig = z.object({
  geocoderUrl: z.string(),
  mailDomain: z.string(),
  /** Whether the server can send mail (SMTP_URL): without it, /forgot-password says to ask the administrator. */
  passwordResetByEmail: z.boolean(),
  /**
   * The host of members' federated handles (`@username@host`, PUBLIC_ORIGIN's host) when
   * FEDERATION is on, else null: a member's own profile shows the handle to be followed by.
   */
  federationHandleHost: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof ZPublicConfig>;

/** One dependency's state in a readiness answer; `off` when it is not configured (no REDIS_URL). */
export const ZDependencyState = z.enum(['up', 'down', 'off']);
export type DependencyState = z.infer<typeof ZDependencyState>;

/**
 * GET /api/health/ready: 200 when this node can serve (the database, Redis when configured and
 * the media store all answer, and DATA_DIR's disk has MIN_FREE_DISK_MB free), else 503 naming
 * what is down (or that the node is shutting down). `disk` is `off` when the node keeps nothing
 * on its own disk (DATABASE_URL and MEDIA_STORE=s3).
 */
export const ZReadiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** Set on a 503: what is down, in words. */
  message: z.string().optional(),
  /** Set on a 503, like every error answer. */
  code: z.string().optional(),
  checks: z.object({
    database: ZDependencyState,
    redis: ZDependencyState,
    media: ZDependencyState,
    disk: ZDependencyState,
  }),
  /** True once the node got SIGTERM: the load balancer should stop sending it requests. */
  shuttingDown: z.boolean(),
});
export type Readiness = z.infer<typeof ZReadiness>;
