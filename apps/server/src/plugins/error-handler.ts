import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@glimpse/shared';
import { AppError } from '../lib/errors.js';

/**
 * The one place failures become answers: `{ message, code }` JSON with the code's status.
 * Client mistakes are 4xx with a useful message; anything unexpected is logged and becomes a
 * 500 that reveals nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ message: err.message, code: err.code });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 413 || (err as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .status(413)
        .send({ message: ERROR_CODES.PAYLOAD_TOO_LARGE.message, code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status === 415) {
      return reply
        .status(415)
        .send({ message: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE.message, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (status === 429) {
      return reply.status(429).send({ message: ERROR_CODES.RATE_LIMITED.message, code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      const isJsonError =
        err instanceof SyntaxError ||
        /JSON/i.test(err.message) ||
        (err as FastifyError).code?.startsWith('FST_ERR_CTP');
      if (isJsonError)
        return reply.status(400).send({ message: ERROR_CODES.BAD_JSON.message, code: 'BAD_JSON' });
      return reply
        .status(status)
        .send({ message: err.message || ERROR_CODES.VALIDATION.message, code: 'VALIDATION' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: ERROR_CODES.INTERNAL.message, code: 'INTERNAL' });
  });
}
