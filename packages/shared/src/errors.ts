/**
 * One error vocabulary: each code has an HTTP status and a default user-facing message.
 * The server throws `AppError(code, message?)`; its error handler turns it into
 * `{ message, code }` with this status. Clients may switch on `code`.
 */
export const ERROR_CODES = {
  VALIDATION: { status: 400, message: 'Invalid data provided' },
  BAD_JSON: { status: 400, message: 'Malformed JSON body' },
  INVALID_ID: { status: 400, message: 'Invalid ID' },
  UNAUTHENTICATED: { status: 401, message: 'Access token required' },
  TOKEN_EXPIRED: { status: 401, message: 'Token expired' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  INVALID_TOKEN: { status: 403, message: 'Invalid token' },
  FORBIDDEN: { status: 403, message: 'Access denied' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Route not found' },
  CONFLICT: { status: 409, message: 'Conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again later.' },
  INTERNAL: { status: 500, message: 'Internal server error' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The body of every error answer under /api. */
export interface ErrorBody {
  message: string;
  code: ErrorCode | string;
}
