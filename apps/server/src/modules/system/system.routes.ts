import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHealth, ZPublicConfig } from '@glimpse/shared';
import { ERROR_ANSWERS } from '../../plugins/api-docs.js';

/** Health and the public settings the web app reads at start. */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app.ctx;

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
    '/api/config',
    {
      schema: {
        summary: 'Public, non-secret settings: the reverse-geocoding endpoint and the own mail domain',
        response: { 200: ZPublicConfig, ...ERROR_ANSWERS },
      },
    },
    async () => ({ geocoderUrl: config.geocoderUrl, mailDomain: config.mailDomain }),
  );
}
