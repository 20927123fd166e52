import type { FastifyInstance } from 'fastify';
import { isValidMediaKey } from '../../lib/storage/index.js';
import { viewerOf } from '../../plugins/auth.js';
import { readImageParts } from './media.multipart.js';
import { POST_MEDIA_PARTS, uploadPostMedia } from './media.service.js';

/** Content-addressed URLs never change meaning, so browsers and CDNs may keep them forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/posts/upload-media', { preHandler: app.requireAuth }, async (request) => {
    const files = await readImageParts(request, POST_MEDIA_PARTS);
    return { media: await uploadPostMedia(app.ctx, viewerOf(request).id, files) };
  });

  // A single path segment that must match the key pattern: `..`, `/`, `%2F` cannot get through.
  app.get<{ Params: { key: string } }>('/media/:key', async (request, reply) => {
    const { key } = request.params;
    const notFound = { message: 'Media not found', code: 'NOT_FOUND' };
    if (!isValidMediaKey(key)) return reply.status(404).send(notFound);
    const etag = `"${key.slice(0, 64)}"`;
    if (request.headers['if-none-match'] === etag) {
      return reply.status(304).header('Cache-Control', IMMUTABLE).header('ETag', etag).send();
    }
    const object = await app.ctx.storage.stream(key);
    if (!object) return reply.status(404).send(notFound);
    return reply
      .header('Content-Type', object.contentType)
      .header('Content-Length', object.size)
      .header('Cache-Control', IMMUTABLE)
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff')
      .send(object.stream);
  });
}
