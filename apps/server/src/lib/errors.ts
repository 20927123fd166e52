import { ERROR_CODES, type ErrorCode } from '@glimpse/shared';

/** An expected failure: the error handler answers `{ message, code }` with the code's status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message?: string, opts?: { status?: number }) {
    super(message ?? ERROR_CODES[code].message);
    this.code = code;
    this.status = opts?.status ?? ERROR_CODES[code].status;
  }
}

export const badRequest = (message: string) => new AppError('VALIDATION', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const unauthenticated = (message?: string) => new AppError('UNAUTHENTICATED', message);
