import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL } from '../lib/storage/index.js';

/**
 * Serves the built web app at / with a history fallback to index.html, so deep links such as
 * /posts/{id} load the app. Hashed assets are immutable; index.html is always revalidated.
 */

/** Answers whether there is a built web app to serve. */
export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // Wildcard: files are looked up per request, so a rebuilt dist is served without a restart;
      // a missing file falls through to the not-found handler below (history fallback).
      wildcard: true,
      index: false,
      // The web build writes .br and .gz beside each text asset (apps/web/build/precompress.ts):
      // sent as-is to a browser that accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      // Our setHeaders decides caching; the plugin's own max-age=0 would override it.
      cacheControl: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', isHashedAsset ? IMMUTABLE_CACHE_CONTROL : 'no-cache');
        // A precompressed copy may have been chosen by Accept-Encoding: shared caches must key on it.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
  // The root is a directory to the static handler (403 with index: false): answer it here.
  if (hasWeb) app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A missing file (it has an extension, e.g. an old hashed chunk) is a 404, never index.html:
    // the app then reports a failed chunk load instead of parsing HTML as JavaScript.
    const isFile = path.extname(url) !== '';
    if (
      url.startsWith('/api') ||
      url.startsWith('/media/') ||
      request.method !== 'GET' ||
      !hasWeb ||
      isFile
    ) {
      return reply
        .status(404)
        .send({ message: `Route ${request.method} ${url} not found`, code: 'ROUTE_NOT_FOUND' });
    }
    return sendIndex(reply);
  });
  return hasWeb;
}
