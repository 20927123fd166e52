import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, ZUploadMediaResponse } from '@glimpse/shared';
import { AppError } from '../../lib/errors.js';
import { IMMUTABLE_CACHE_CONTROL as IMMUTABLE, isValidMediaKey } from '../../lib/storage/index.js';
import { BEARER_REQUIRED, ERROR_ANSWERS } from '../../plugins/api-docs.js';
import { urlsOf, viewerOf } from '../../plugins/auth.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { readImageParts } from './media.multipart.js';
import { POST_MEDIA_PARTS, uploadPostMedia } from './media.service.js';

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/posts/upload-media',
    {
      preValidation: app.requireAuth,
      config: rateLimit('uploads'),
      schema: {
        summary: 'Uploads post images: multipart/form-data, files in the field "media" (≤ 5, ≤ 10 MB each)',
        security: BEARER_REQUIRED,
        consumes: ['multipart/form-data'],
        response: { 200: ZUploadMediaResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const files = await readImageParts(request, POST_MEDIA_PARTS);
      return { media: await uploadPostMedia(app.ctx, viewerOf(request).id, files, urlsOf(app, request)) };
    },
  );

  // A single path segment that must match the key pattern: `..`, `/`, `%2F` cannot get through.
  r.get('/media/:key', { schema: { params: z.object({ key: z.string() }) } }, async (request, reply) => {
    const { key } = request.params;
    if (!isValidMediaKey(key)) throw new AppError('NOT_FOUND', MSG.mediaNotFound);
    const etag = `"${key.slice(0, 64)}"`;
    if (request.headers['if-none-match'] === etag) {
      return reply.status(304).header('Cache-Control', IMMUTABLE).header('ETag', etag).send();
    }
    const object = await app.ctx.storage.read(key);
    if (!object) throw new AppError('NOT_FOUND', MSG.mediaNotFound);
    return (
      reply
        .header('Content-Type', object.contentType)
        .header('Content-Length', object.size)
        .header('Cache-Control', IMMUTABLE)
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff')
        // Images are shown by apps on other origins (CORS_ORIGINS) too.
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(object.stream)
    );
  });
}
