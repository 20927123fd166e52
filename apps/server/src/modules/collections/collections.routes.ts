import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCollectionAnswer,
  ZCollectionIdParams,
  ZCollectionList,
  ZCollectionPage,
  ZCollectionPostBody,
  ZCollectionPostParams,
  ZCollectionPostsQuery,
  ZCreateCollectionBody,
  ZEmptyBody,
  ZMessageAnswer,
  ZUpdateCollectionBody,
  ZUserIdParams,
} from '@glimpse/shared';
import { BEARER_OPTIONAL, BEARER_REQUIRED, ERROR_ANSWERS } from '../../plugins/api-docs.js';
import { urlsOf, viewerOf } from '../../plugins/auth.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import {
  addPostToCollection,
  createCollection,
  deleteCollection,
  getCollection,
  listUserCollections,
  removePostFromCollection,
  updateCollection,
} from './collections.service.js';

export async function collectionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const required = { preValidation: app.requireAuth, config: rateLimit('saves') };
  const optional = { preValidation: app.optionalAuth };

  r.post(
    '/api/collections',
    {
      ...required,
      schema: {
        summary: 'Creates a collection',
        security: BEARER_REQUIRED,
        body: ZCreateCollectionBody,
        response: { 201: ZCollectionAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createCollection(ctx, viewerOf(request), request.body, urlsOf(app, request))),
  );

  r.put(
    '/api/collections/:id',
    {
      ...required,
      schema: {
        summary: 'Changes a collection (its owner)',
        security: BEARER_REQUIRED,
        params: ZCollectionIdParams,
        body: ZUpdateCollectionBody,
        response: { 200: ZCollectionAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      updateCollection(ctx, viewerOf(request), request.params.id, request.body, urlsOf(app, request)),
  );

  r.delete(
    '/api/collections/:id',
    {
      ...required,
      schema: {
        summary: 'Deletes a collection (its owner); its posts stay saved',
        security: BEARER_REQUIRED,
        params: ZCollectionIdParams,
        body: ZEmptyBody,
        response: { 200: ZMessageAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => deleteCollection(ctx, viewerOf(request), request.params.id),
  );

  r.post(
    '/api/collections/:id/posts',
    {
      ...required,
      schema: {
        summary: 'Adds a post to a collection (and saves it)',
        security: BEARER_REQUIRED,
        params: ZCollectionIdParams,
        body: ZCollectionPostBody,
        response: { 200: ZCollectionAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      addPostToCollection(
        ctx,
        viewerOf(request),
        request.params.id,
        request.body.postId,
        urlsOf(app, request),
      ),
  );

  r.delete(
    '/api/collections/:id/posts/:postId',
    {
      ...required,
      schema: {
        summary: 'Takes a post out of a collection (it stays saved)',
        security: BEARER_REQUIRED,
        params: ZCollectionPostParams,
        body: ZEmptyBody,
        response: { 200: ZCollectionAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      removePostFromCollection(
        ctx,
        viewerOf(request),
        request.params.id,
        request.params.postId,
        urlsOf(app, request),
      ),
  );

  r.get(
    '/api/collections/:id',
    {
      ...optional,
      schema: {
        summary: 'A collection and its posts the viewer may see, newest added first',
        security: BEARER_OPTIONAL,
        params: ZCollectionIdParams,
        querystring: ZCollectionPostsQuery,
        response: { 200: ZCollectionPage, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      getCollection(ctx, request.viewer, request.params.id, request.query, urlsOf(app, request)),
  );

  r.get(
    '/api/users/:id/collections',
    {
      ...optional,
      schema: {
        summary: "A member's collections (others see the public ones)",
        security: BEARER_OPTIONAL,
        params: ZUserIdParams,
        response: { 200: ZCollectionList, ...ERROR_ANSWERS },
      },
    },
    async (request) => listUserCollections(ctx, request.viewer, request.params.id, urlsOf(app, request)),
  );
}
