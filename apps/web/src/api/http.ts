import { readStoredToken } from '../lib/token-storage';
import { COMMON_TEXT } from '../lib/text';

/**
 * The one way the web app talks HTTP to the server. Every failure becomes one of two errors:
 * - `ApiError`: the server answered with a non-OK status (or an unreadable OK body);
 * - `NetworkError`: no answer at all (offline, DNS, CORS, server down).
 * Features map these to the spec's exact user-facing texts; nothing else should reach the UI.
 */

/** Base of the API including its `/api` prefix. Same origin by default (the server serves the app). */
export const API_BASE_URL = (import.meta.env.VITE_API_URL ?? '/api').replace(/\/+$/, '');

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The `message` the server put in its `{ message, code }` body, when it sent one. */
  readonly serverMessage: string | undefined;

  constructor(status: number, options: { message?: string; code?: string } = {}) {
    super(options.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code ?? 'HTTP_ERROR';
    this.serverMessage = options.message;
  }
}

export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart (the browser sets the boundary). */
  body?: unknown;
  /** Appended as a query string; null/undefined entries are dropped. */
  query?: Record<string, QueryValue>;
  /** Overrides the stored token; `null` sends no Authorization header. */
  token?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** What sends the app's requests: the browser's fetch, or the server's renderer (entry-server.tsx). */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

/** The server's renderer answers the app's requests in-process; nothing in the browser calls this. */
export function setApiTransport(send: (url: string, init: RequestInit) => Promise<Response>): void {
  transport = send;
}

export function buildApiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * Sends one request to `${API_BASE_URL}${path}` and resolves with the parsed JSON body
 * (undefined for an empty body). Rejects with ApiError or NetworkError; an abort rejects with
 * the browser's AbortError untouched so callers can ignore it.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal } = options;
  const token = options.token === undefined ? readStoredToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    // Only with a body: Fastify rejects an empty body declared as JSON.
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await transport(buildApiUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  return readAnswer<T>(response.status, await response.text().catch(() => ''));
}

/**
 * An answer's text as its parsed JSON (undefined when empty), or the ApiError it stands for: a
 * non-2xx status (with the server's `{ message, code }` when it sent one), or an OK body that is
 * not JSON. fetch() and the upload helper's XMLHttpRequest both read answers through this.
 */
export function readAnswer<T>(status: number, text: string): T {
  const parsed = parseJson(text);
  if (status < 200 || status >= 300) {
    const errorBody = isRecord(parsed) ? parsed : {};
    throw new ApiError(status, {
      message: typeof errorBody.message === 'string' && errorBody.message ? errorBody.message : undefined,
      code: typeof errorBody.code === 'string' ? errorBody.code : undefined,
    });
  }
  if (text && parsed === NOT_JSON)
    throw new ApiError(status, { message: COMMON_TEXT.nonJson, code: 'NON_JSON' });
  return (text ? parsed : undefined) as T;
}

const NOT_JSON = Symbol('not-json');

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

/** Shorthands: `http.post<AuthResponse>('/auth/login', { email, password })`. */
export const http = {
  get: <T>(path: string, options?: BodylessOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The `{reason}` of the spec's "Failed to ...: {reason}" texts: the server's own words when it gave some. */
export function errorReason(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  if (isNetworkError(error)) return 'Network error';
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}
