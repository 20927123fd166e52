import { ACCOUNT_MSG, MOD_MSG, MSG, OPS_MSG } from './messages.js';

/**
 * One error vocabulary: each code has an HTTP status and a default user-facing message.
 * The server throws `AppError(code, message?)`; its error handler turns it into
 * `{ message, code }` with this status. Clients may switch on `code`.
 */
export const ERROR_CODES = {
  VALIDATION: { status: 400, message: MSG.invalidData },
  BAD_JSON: { status: 400, message: MSG.malformedJson },
  BAD_MULTIPART: { status: 400, message: MSG.malformedMultipart },
  BAD_TEXT: { status: 400, message: MSG.unsafeTextIn('Text') },
  INVALID_ID: { status: 400, message: MSG.invalidId },
  UNAUTHENTICATED: { status: 401, message: MSG.accessTokenRequired },
  TOKEN_EXPIRED: { status: 401, message: MSG.tokenExpired },
  INVALID_CREDENTIALS: { status: 401, message: MSG.invalidCredentials },
  TWO_FACTOR_REQUIRED: { status: 401, message: ACCOUNT_MSG.twoFactorRequired },
  INVALID_TWO_FACTOR_CODE: { status: 401, message: ACCOUNT_MSG.invalidTwoFactorCode },
  INVALID_TOKEN: { status: 403, message: MSG.invalidToken },
  FORBIDDEN: { status: 403, message: MSG.accessDenied },
  ACCOUNT_SUSPENDED: { status: 403, message: MOD_MSG.accountSuspended },
  BLOCKED: { status: 403, message: MOD_MSG.blockedInteraction },
  NOT_FOUND: { status: 404, message: MSG.notFound },
  ROUTE_NOT_FOUND: { status: 404, message: MSG.notFound },
  CONFLICT: { status: 409, message: MSG.conflict },
  PAYLOAD_TOO_LARGE: { status: 413, message: MSG.bodyTooLarge },
  URI_TOO_LONG: { status: 414, message: MSG.uriTooLong },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: MSG.unsupportedContentType },
  RATE_LIMITED: { status: 429, message: MSG.rateLimited },
  INTERNAL: { status: 500, message: MSG.internal },
  /** A dependency (database, Redis, media store, disk) failed: try again after `Retry-After`. */
  SERVICE_UNAVAILABLE: { status: 503, message: OPS_MSG.serviceUnavailable },
  /** The media disk is (nearly) full: uploads are refused before it fills up. */
  INSUFFICIENT_STORAGE: { status: 507, message: OPS_MSG.insufficientStorage },
  MAIL_UNAVAILABLE: { status: 503, message: ACCOUNT_MSG.mailUnavailable },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
