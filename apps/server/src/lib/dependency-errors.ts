import { DEPENDENCY_RETRY_AFTER_S, OPS_MSG, type ErrorCode } from '@glimpse/shared';
import { AppError } from './errors.js';

/** What the server depends on and may find down. */
export type Dependency = 'database' | 'redis' | 'media store' | 'disk';

/**
 * A failure of something outside the process, named at its source (the media stores wrap their
 * own errors in it). Database and Redis errors come from drivers and are recognised by their shape
 * (`dependencyFailureOf`) instead.
 */
export class DependencyError extends Error {
  readonly dependency: Dependency;
  constructor(dependency: Dependency, cause: unknown) {
    super(`${dependency} failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'DependencyError';
    this.dependency = dependency;
  }
}

/** How a dependency failure is answered: 503 with `Retry-After`, or 507 for a full disk. */
export interface DependencyFailure {
  dependency: Dependency;
  code: Extract<ErrorCode, 'SERVICE_UNAVAILABLE' | 'INSUFFICIENT_STORAGE'>;
  message: string;
  /** Seconds, for `Retry-After` (503 only). */
  retryAfterSeconds: number | undefined;
}

/** Errno codes of a full disk or quota: 507, nothing can be written until space is freed. */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** Errno codes of a disk that cannot be written at all right now (read-only remount, I/O error). */
const DISK_DOWN_CODES = new Set(['EROFS', 'EIO']);
/** Network errno codes: the peer is gone, refused, or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that went away or cannot take the session: class 08 (connection
 * exception), 57P01-57P03 (admin/crash shutdown, cannot connect now: a restart, failover or
 * pg_terminate_backend), 53300 (too many connections), 53100 (the database's own disk is full).
 */
const PG_UNAVAILABLE = /^(08...|57P0[1-3]|53300|53100)$/;
/** What node-postgres itself says when a connection is lost or cannot be had. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end',
];
/** What ioredis says when a command cannot be sent or answered. */
const REDIS_MESSAGES = [
  'Command timed out',
  'Connection is closed',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
];

interface ErrorShape {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  severity?: unknown;
  $metadata?: unknown;
}

/** The error and its causes (drizzle wraps driver errors in DrizzleQueryError), nearest first. */
function chainOf(err: unknown): ErrorShape[] {
  const chain: ErrorShape[] = [];
  let current: unknown = err;
  while (current && typeof current === 'object' && chain.length < 6) {
    chain.push(current as ErrorShape);
    current = (current as ErrorShape).cause;
  }
  return chain;
}

function dependencyOf(err: unknown): { dependency: Dependency; full: boolean } | null {
  for (const e of chainOf(err)) {
    if (e instanceof DependencyError) {
      const deeper = dependencyOf(e.cause);
      const full = deeper?.full === true || DISK_FULL_CODES.has(String((e.cause as ErrorShape)?.code));
      return { dependency: full ? 'disk' : e.dependency, full };
    }
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (DISK_FULL_CODES.has(code)) return { dependency: 'disk', full: true };
    if (DISK_DOWN_CODES.has(code)) return { dependency: 'disk', full: false };
    // A PostgreSQL error carries a severity; its SQLSTATE says whether the server went away.
    if (typeof e.severity === 'string' && PG_UNAVAILABLE.test(code))
      return { dependency: 'database', full: false };
    if (PG_CONNECTION_MESSAGES.some((m) => message.includes(m)))
      return { dependency: 'database', full: false };
    if (e.name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((m) => message.includes(m)))
      return { dependency: 'redis', full: false };
    // A bare network error on a query: the only dependency reached without a wrapper is the database.
    if (NETWORK_CODES.has(code) && !('$metadata' in e)) return { dependency: 'database', full: false };
  }
  return null;
}

const MESSAGES: Record<Dependency, string> = {
  database: OPS_MSG.databaseUnavailable,
  redis: OPS_MSG.serviceUnavailable,
  'media store': OPS_MSG.mediaStoreUnavailable,
  disk: OPS_MSG.serviceUnavailable,
};

/**
 * The one rule for dependency failures: a lost or refused database connection, a Redis command
 * that timed out or could not be sent, a media store that failed, a disk that cannot be written
 * answer 503 `SERVICE_UNAVAILABLE` with `Retry-After`; a full disk answers 507
 * `INSUFFICIENT_STORAGE`. Anything else is null (a bug: the caller's 500).
 *
 * A write whose COMMIT was cut off is in this set too: the client cannot know whether it landed,
 * so it must never hear 2xx; 503 tells it to try again (our writes are idempotent or re-checked).
 */
export function dependencyFailureOf(err: unknown): DependencyFailure | null {
  const found = dependencyOf(err);
  if (!found) return null;
  if (found.full) {
    return {
      dependency: 'disk',
      code: 'INSUFFICIENT_STORAGE',
      message: OPS_MSG.insufficientStorage,
      retryAfterSeconds: undefined,
    };
  }
  return {
    dependency: found.dependency,
    code: 'SERVICE_UNAVAILABLE',
    message: MESSAGES[found.dependency],
    retryAfterSeconds: DEPENDENCY_RETRY_AFTER_S,
  };
}

/** How often one dependency's failures are logged while they go on (the metric counts each). */
const LOG_EVERY_MS = 10_000;

/**
 * Logs a dependency's failures once per LOG_EVERY_MS instead of once per request: an outage under
 * load would otherwise write thousands of identical stack traces.
 */
export function createFailureReporter(
  log: (failure: DependencyFailure, err: unknown, suppressed: number) => void,
  now: () => number = Date.now,
): (failure: DependencyFailure, err: unknown) => void {
  const last = new Map<Dependency, { at: number; suppressed: number }>();
  return (failure, err) => {
    const seen = last.get(failure.dependency);
    if (seen && now() - seen.at < LOG_EVERY_MS) {
      seen.suppressed += 1;
      return;
    }
    log(failure, err, seen?.suppressed ?? 0);
    last.set(failure.dependency, { at: now(), suppressed: 0 });
  };
}

/**
 * A dependency failure as the AppError it is answered with (503 with `Retry-After`, or 507),
 * counted by dependency and logged at most every few seconds per dependency; null for anything
 * else. HTTP (plugins/error-handler.ts) and socket events (realtime/connection.ts) share one.
 */
export function createDependencyAnswers(opts: {
  warn: (fields: Record<string, unknown>, message: string) => void;
  count: (dependency: Dependency) => void;
}): (err: unknown) => AppError | null {
  const report = createFailureReporter((failure, err, suppressed) =>
    opts.warn(
      { err, dependency: failure.dependency, suppressed },
      `${failure.dependency} unavailable: answering ${failure.code === 'INSUFFICIENT_STORAGE' ? 507 : 503}`,
    ),
  );
  return (err) => {
    const failure = dependencyFailureOf(err);
    if (!failure) return null;
    opts.count(failure.dependency);
    report(failure, err);
    return new AppError(failure.code, failure.message, { retryAfterSeconds: failure.retryAfterSeconds });
  };
}
