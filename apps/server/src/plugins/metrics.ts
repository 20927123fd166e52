import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../lib/metrics.js';

/**
 * Times every request into `http_request_duration_seconds`, labelled with the route pattern
 * (`/api/posts/:postId`, never the concrete URL, so the label set stays small); a request no route
 * matched is `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  // Counted once in, once out: answered (onResponse) or abandoned by the client (onRequestAbort).
  const open = new WeakSet<FastifyRequest>();
  const done = (request: FastifyRequest) => {
    if (open.delete(request)) metrics.httpInFlight.dec();
  };
  app.addHook('onRequest', async (request) => {
    open.add(request);
    metrics.httpInFlight.inc();
  });
  app.addHook('onRequestAbort', async (request) => done(request));
  app.addHook('onResponse', async (request, reply) => {
    done(request);
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}
