import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPS_MSG, ZHealth, ZPublicConfig, ZReadiness } from '@glimpse/shared';
import { AppError } from '../../lib/errors.js';
import { hasBearerToken } from '../../lib/metrics.js';
import { ERROR_ANSWERS } from '../../plugins/api-docs.js';
import { checkReadiness } from './readiness.js';

/** Health, readiness, metrics and the public settings the web app reads at start. */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { config, database } = ctx;

  r.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness, and which database the server runs on',
        response: { 200: ZHealth, ...ERROR_ANSWERS },
      },
    },
    async () => ({ status: 'ok' as const, database: database.kind }),
  );

  r.get(
    '/api/health/ready',
    {
      schema: {
        summary:
          'Readiness: 200 when the database, Redis (when configured) and the media store answer; 503 naming what is down, or while the node shuts down',
        response: { 200: ZReadiness, 503: ZReadiness, ...ERROR_ANSWERS },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(ctx);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );

  // Prometheus scrapes this; with METRICS_TOKEN set only a bearer of it may (and the route is
  // left out of the public API documents either way).
  r.get(
    '/metrics',
    {
      schema: {
        hide: true,
        summary: 'Prometheus metrics (text exposition format)',
        response: { 200: z.string(), ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      if (config.metricsToken && !hasBearerToken(request.headers.authorization, config.metricsToken)) {
        throw new AppError('UNAUTHENTICATED', OPS_MSG.metricsTokenRequired);
      }
      const body = await ctx.metrics.registry.metrics();
      return reply.header('Content-Type', ctx.metrics.registry.contentType).send(body);
    },
  );

  r.get(
    '/api/config',
    {
      schema: {
        summary:
          'Public, non-secret settings: the reverse-geocoding endpoint, the own mail domain, whether reset links go by mail, the host of federated handles',
        response: { 200: ZPublicConfig, ...ERROR_ANSWERS },
      },
    },
    async () => ({
      geocoderUrl: config.geocoderUrl,
      mailDomain: config.mailDomain,
      passwordResetByEmail: ctx.mail.enabled,
      federationHandleHost: config.federation ? new URL(config.federation.origin).host : null,
    }),
  );
}
