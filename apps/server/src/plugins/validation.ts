import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MSG } from '@glimpse/shared';
import { AppError } from '../lib/errors.js';
import { findUnsafeText, validationError } from '../lib/validate.js';

/**
 * The validation layer, once for every route:
 * - JSON bodies: an empty body (with or without `Content-Type: application/json`) reads as `{}`;
 *   only a non-empty malformed body is 400 `Malformed JSON body`.
 * - Text: NUL characters and unpaired surrogates anywhere in the body, query or path are 400
 *   before any route sees them (PostgreSQL refuses NUL; a lone surrogate is not valid UTF-8).
 * - Schemas: each route's zod params/querystring/body schemas validate its input; the first issue
 *   is the 400's message (a path id answers the resource's own text, e.g. `Invalid post ID`).
 * - Answers: Fastify serializes every answer through the route's zod response schema, so nothing
 *   the schema does not name can leave.
 * Multipart bodies are read by the one upload helper (modules/media/media.multipart.ts), which
 * answers malformed ones with 400 as well.
 */
export function registerValidation(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body !== 'string' || body.trim() === '') return done(null, {});
    void parseJson(request, body, done);
  });

  app.setValidatorCompiler<z.ZodType>(({ schema, httpPart }) => (data: unknown) => {
    // No body at all (a DELETE or POST without one; Fastify gives null) is an empty object,
    // like an empty JSON body.
    const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    return {
      error: validationError(result.error, { code: httpPart === 'params' ? 'INVALID_ID' : 'VALIDATION' }),
    };
  });
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('preValidation', async (request) => {
    const where =
      findUnsafeText(request.params, 'path') ??
      findUnsafeText(request.query, 'query') ??
      findUnsafeText(request.body, 'body');
    if (where) throw new AppError('BAD_TEXT', MSG.unsafeTextIn(where));
  });
}
