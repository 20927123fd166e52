import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '@glimpse/shared';
import { AppError } from '../lib/errors.js';

/** Fastify's own client-error codes, as our vocabulary. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'BAD_MULTIPART',
  FST_ERR_BAD_URL: 'VALIDATION',
};

function send(reply: FastifyReply, code: ErrorCode, message?: string) {
  return reply.status(ERROR_CODES[code].status).send({ message: message ?? ERROR_CODES[code].message, code });
}

/** A client mistake that did not come as an AppError: its code in our vocabulary, or null. */
export function clientErrorCode(err: FastifyError): ErrorCode | null {
  const known = err.code ? FASTIFY_CODES[err.code] : undefined;
  if (known) return known;
  if (err instanceof SyntaxError) return 'BAD_JSON';
  const status = err.statusCode ?? 500;
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 414) return 'URI_TOO_LONG';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 400 && status < 500) return 'VALIDATION';
  return null;
}

/**
 * The one place failures become answers: `{ message, code }` JSON with the code's status.
 * Client mistakes are 4xx with a useful message; a dependency that failed (database, Redis, media
 * store, disk) is 503 with `Retry-After` or 507 (lib/dependency-errors.ts); anything else is
 * logged and becomes a 500 that reveals nothing.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  dependencyAnswer: (err: unknown) => AppError | null,
): void {
  app.setErrorHandler((caught: FastifyError | AppError, request, reply) => {
    const err = caught instanceof AppError ? caught : (dependencyAnswer(caught) ?? caught);
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) void reply.header('retry-after', err.retryAfterSeconds);
      return reply.status(err.status).send({ message: err.message, code: err.code });
    }
    const code = clientErrorCode(err);
    if (code === 'VALIDATION') return send(reply, code, err.message || undefined);
    if (code) return send(reply, code);
    request.log.error({ err }, 'unhandled error');
    return send(reply, 'INTERNAL');
  });
}

/**
 * Errors Fastify raises before routing (a path that is not valid percent-encoding, say): the same
 * `{ message, code }` 400 as everything else rather than Fastify's own error shape.
 */
export function frameworkErrorHandler(err: FastifyError, _request: unknown, reply: FastifyReply): void {
  void send(reply, clientErrorCode(err) ?? 'VALIDATION');
}
