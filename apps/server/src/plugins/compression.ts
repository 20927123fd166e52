import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
const MIN_BYTES = 1024;

/**
 * Compresses API answers (JSON) for clients that ask for it: brotli at a quality fast enough to
 * run per request, else gzip. Static web assets are compressed once at build time instead
 * (static-web.ts); images already are, and are skipped by content type.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
