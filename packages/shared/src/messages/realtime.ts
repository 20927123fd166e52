/** The socket protocol and the operations answers. Part of the catalogue in ../messages.ts (import from there). */

/** The socket protocol's `error { message }` texts (API.md "Socket.IO"). */
export const SOCKET_ERRORS = {
  notAuthenticated: 'Not authenticated',
  invalidChatId: 'Invalid chat ID',
  accessDenied: 'Access denied to chat',
  contentRequired: 'Message content is required',
  tooLong: 'Message is too long',
  chatNotFound: 'Chat not found',
  sendFailed: 'Failed to send message',
  tooMany: 'Too many messages',
  authenticationFailed: 'Authentication failed',
  invalidMessageId: 'Invalid message ID',
  messageNotFound: 'Message not found',
  internal: 'Something went wrong',
} as const;

/** Operations: readiness and metrics answers. */
export const OPS_MSG = {
  dependenciesDown: (names: string[]) => `Not ready: ${names.join(', ')} down`,
  /** `dependenciesDown`'s text with the disk's own reason after it (or alone). */
  notReady: (reasons: string[]) => `Not ready: ${reasons.join(', ')}`,
  shuttingDown: 'Not ready: shutting down',
  metricsTokenRequired: 'GET /metrics needs the bearer token METRICS_TOKEN',
  /** 503 when a dependency fails; `Retry-After` says when to try again. */
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a few seconds.',
  databaseUnavailable: 'The database is temporarily unavailable. Please try again in a few seconds.',
  mediaStoreUnavailable: 'The media store is temporarily unavailable. Please try again in a few seconds.',
  /** 507: the disk that holds the media is (nearly) full. */
  insufficientStorage: 'The server is out of storage space, so uploads are paused. Please try again later.',
  lowDisk: (freeMb: number, minMb: number) => `low disk space (${freeMb} MB free, ${minMb} MB needed)`,
} as const;
