import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../lib/metrics.js';

/**
 * Times every request into `http_request_duration_seconds`, labelled with the route pattern
 * (`/api/posts/:postId`, never the concrete URL, so the label set stays small); a request no route
 * matched is `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
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
