import { ERROR_CODES, type ErrorCode } from '@glimpse/shared';

/**
 * The one way to fail on purpose: `throw new AppError(code, message?)`. The error handler answers
 * `{ message, code }` with the code's status; `message` defaults to the code's catalogue text.
 * A 429 may say when to come back (`retryAfterSeconds`, sent as `Retry-After`).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message?: string, opts: { retryAfterSeconds?: number } = {}) {
    super(message ?? ERROR_CODES[code].message);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}
