import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSearchQuery, ZSearchResponse, ZSearchSuggestions, ZSearchSuggestionsQuery } from '@glimpse/shared';
import { BEARER_OPTIONAL, ERROR_ANSWERS } from '../../plugins/api-docs.js';
import { urlsOf } from '../../plugins/auth.js';
import { search, searchSuggestions } from './search.service.js';

/** GET /api/search and GET /api/search/suggestions (API.md): optional auth; a bad token counts as none, so results are then public. */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/search',
    {
      preValidation: app.optionalAuth,
      schema: {
        summary: 'Posts, people, tags and places for a text; results.posts is filled for every type',
        security: BEARER_OPTIONAL,
        querystring: ZSearchQuery,
        response: { 200: ZSearchResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => search(app.ctx, request.viewer, request.query, urlsOf(app, request)),
  );
  r.get(
    '/api/search/suggestions',
    {
      preValidation: app.optionalAuth,
      schema: {
        summary: 'The first few people, tags and places for a text being typed (no posts)',
        security: BEARER_OPTIONAL,
        querystring: ZSearchSuggestionsQuery,
        response: { 200: ZSearchSuggestions, ...ERROR_ANSWERS },
      },
    },
    async (request) => searchSuggestions(app.ctx, request.viewer, request.query, urlsOf(app, request)),
  );
}
