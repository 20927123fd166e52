import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The numbers GET /metrics publishes (Prometheus text format), one registry per app. */
export interface Metrics {
  registry: Registry;
  /** Seconds from request to response, by method, route pattern and status code. */
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Requests received and not yet answered (or abandoned by their client). */
  httpInFlight: Gauge;
  /** Chat messages this node stored and sent out. */
  messagesSent: Counter;
  /** Requests and events answered 503/507 because a dependency failed, by dependency. */
  dependencyFailures: Counter<'dependency'>;
  /** 1 while rate limits count in this node's memory because Redis does not answer. */
  rateLimitFallback: Gauge;
  /** Times rate limits fell back from Redis to this node's memory. */
  rateLimitFallbacks: Counter;
  /** Sign-in answers held back because their account is under a distributed guessing attack. */
  signInDelays: Counter;
  /** Mails handed to the SMTP server, and mails it refused or could not be reached for. */
  mailsSent: Counter;
  mailFailures: Counter;
  /** Where the sockets-connected gauge reads from (the Socket.IO server registers itself). */
  watchSockets(count: () => number): void;
  /** Where the DB pool gauges read from. */
  watchDbPool(pool: { totalCount: number; idleCount: number; waitingCount: number }): void;
  /** Where the image-processing gauges read from (the bounded image pool, `imageQueue`). */
  watchImageQueue(queue: { size(): number; running(): number }): void;
}

/** Request-duration buckets, in seconds: from a cached read to an upload of five large photos. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let sockets: () => number = () => 0;
  let pool: { totalCount: number; idleCount: number; waitingCount: number } | null = null;
  let imageQueue: { size(): number; running(): number } | null = null;

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const httpInFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'HTTP requests received and not yet answered',
    registers: [registry],
  });
  const messagesSent = new Counter({
    name: 'glimpse_messages_sent_total',
    help: 'Chat messages stored and sent by this node',
    registers: [registry],
  });
  const dependencyFailures = new Counter({
    name: 'glimpse_dependency_failures_total',
    help: 'Requests and socket events answered 503/507 because a dependency failed, by dependency',
    labelNames: ['dependency'] as const,
    registers: [registry],
  });
  const rateLimitFallback = new Gauge({
    name: 'glimpse_rate_limit_fallback',
    help: "1 while rate limits count in this node's memory because Redis does not answer",
    registers: [registry],
  });
  const rateLimitFallbacks = new Counter({
    name: 'glimpse_rate_limit_fallbacks_total',
    help: "Times rate limits fell back from Redis to this node's memory",
    registers: [registry],
  });
  const signInDelays = new Counter({
    name: 'glimpse_sign_in_delays_total',
    help: 'Sign-in answers delayed because their account had many failed attempts from anywhere',
    registers: [registry],
  });
  const mailsSent = new Counter({
    name: 'glimpse_mails_sent_total',
    help: 'Mails accepted by the SMTP server',
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'glimpse_mail_failures_total',
    help: 'Mails the SMTP server refused or could not be reached for',
    registers: [registry],
  });
  new Gauge({
    name: 'glimpse_sockets_connected',
    help: 'Socket.IO connections open on this node',
    registers: [registry],
    collect() {
      this.set(sockets());
    },
  });
  new Gauge({
    name: 'glimpse_db_pool_in_use',
    help: 'PostgreSQL pool connections checked out by a query or transaction',
    registers: [registry],
    collect() {
      this.set(pool ? pool.totalCount - pool.idleCount : 0);
    },
  });
  new Gauge({
    name: 'glimpse_db_pool_waiting',
    help: 'Queries waiting for a free PostgreSQL pool connection',
    registers: [registry],
    collect() {
      this.set(pool?.waitingCount ?? 0);
    },
  });
  new Gauge({
    name: 'glimpse_image_queue_size',
    help: 'Images waiting for a turn in the image-processing queue',
    registers: [registry],
    collect() {
      this.set(imageQueue?.size() ?? 0);
    },
  });
  new Gauge({
    name: 'glimpse_images_processing',
    help: 'Images being processed now',
    registers: [registry],
    collect() {
      this.set(imageQueue?.running() ?? 0);
    },
  });

  return {
    registry,
    httpDuration,
    httpInFlight,
    messagesSent,
    dependencyFailures,
    rateLimitFallback,
    rateLimitFallbacks,
    signInDelays,
    mailsSent,
    mailFailures,
    watchSockets: (count) => (sockets = count),
    watchDbPool: (p) => (pool = p),
    watchImageQueue: (queue) => (imageQueue = queue),
  };
}

/** Whether an Authorization header carries exactly `Bearer <token>` (constant-time comparison). */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
