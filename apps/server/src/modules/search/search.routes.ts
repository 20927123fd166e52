import type { FastifyInstance } from 'fastify';
import { ZSearchQuery } from '@glimpse/shared';
import { parseInput } from '../../lib/validate.js';
import { search } from './search.service.js';

/** GET /api/search (API.md): optional auth; a bad token counts as none, so results are then public. */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get('/api/search', { preHandler: app.optionalAuth }, async (request) =>
    search(ctx, request.viewer, parseInput(ZSearchQuery, request.query)),
  );
}
