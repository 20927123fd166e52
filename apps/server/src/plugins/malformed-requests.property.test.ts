import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, Post } from '@glimpse/shared';
import { createPostViaApi } from '../modules/posts/posts.fixtures.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../test/harness.js';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.js';
import type { RegisteredRoute } from './api-docs.js';

/**
 * Property: no client mistake is ever a 5xx. For EVERY route the app registered (enumerated from
 * the app itself, not listed here), fast-check generates malformed requests (broken path
 * parameters and percent-encoding, NUL and lone surrogates anywhere, wrong types, huge and
 * negative numbers, repeated query keys, malformed or truncated JSON, multipart without or with a
 * wrong boundary, random bytes, wrong content types, bad tokens) and the answer must be < 500
 * with our `{ message, code }` body whenever it is an error under /api.
 */
const RUNS_PER_ROUTE = Number(process.env.MALFORMED_RUNS_PER_ROUTE ?? 1000);

let t: TestApp;
let ana: SeededUser;
let bob: SeededUser;
let post: Post;
let chat: Chat;

let smtp: TestSmtpServer;

beforeAll(async () => {
  // With mail configured, as an instance that offers password resets: without it the reset call
  // answers its documented 503 MAIL_UNAVAILABLE to every body.
  smtp = await startTestSmtpServer();
  t = await createTestApp({ LOGIN_MAX_FAILURES: '1000000', SMTP_URL: smtp.url });
  ana = await seedUser(t);
  bob = await seedUser(t);
  post = await createPostViaApi(t, bob);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chats',
    headers: ana.auth,
    payload: { participantId: bob.id },
  });
  chat = res.json<Chat>();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

// ---- Generators -------------------------------------------------------------------------------

/** Text that hurts: NUL, lone surrogates, control and format characters, wildcards, long runs. */
const nastyText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\ud800',
    '\udfff',
    'a\u0000b',
    'x\ud83c',
    '\u202e',
    '%',
    '%00',
    '..',
    '',
    ' ',
    '\\',
    "'",
    '"',
    '*',
    '_',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => s.repeat(200)),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }),
);

/** A path segment as raw percent-encoded bytes: invalid UTF-8, encoded NUL, slashes, dots. */
const rawSegment = fc.oneof(
  fc.constantFrom(
    '0'.repeat(24),
    'f'.repeat(24),
    'F'.repeat(24),
    '0',
    '-1',
    '%00',
    '%2F',
    '..',
    '%ZZ',
    '%E0%A4%A',
  ),
  fc
    .uint8Array({ maxLength: 30 })
    .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
  fc.stringMatching(/^[A-Za-z0-9._~-]{0,40}$/),
  fc.constant('x'.repeat(600)),
);

const numberLike = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e400', '-0', 'NaN', 'Infinity', '9'.repeat(40), '0x10', ' 1', '1 ', ''),
  fc.integer().map(String),
  fc.double().map(String),
);

const anyJsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  nastyText,
  fc.integer(),
  fc.constant(null),
  fc.array(nastyText, { maxLength: 30 }),
  fc.constant(Array.from({ length: 2000 }, (_, i) => `tag${i}`)),
);

/** Bodies built around the fields routes read, with wrong types and hostile values. */
const FIELDS = [
  'email',
  'username',
  'password',
  'title',
  'content',
  'tags',
  'category',
  'privacy',
  'media',
  'location',
  'shareType',
  'participantId',
  'profile',
  'currentPassword',
  'newPassword',
  'images',
  'url',
  '__proto__',
  'constructor',
];
const shapedBody = fc.dictionary(fc.constantFrom(...FIELDS), anyJsonValue, { maxKeys: 6 });

function encodeJson(value: unknown): string {
  // JSON.stringify writes lone surrogates as \udXXX escapes, which JSON.parse turns back into them.
  return JSON.stringify(value) ?? 'null';
}

const body = fc.oneof(
  fc.record({ type: fc.constant('application/json'), payload: shapedBody.map(encodeJson) }),
  fc.record({ type: fc.constant('application/json'), payload: anyJsonValue.map(encodeJson) }),
  fc.record({
    type: fc.constant('application/json'),
    payload: fc.oneof(
      shapedBody.map(encodeJson).map((s) => s.slice(0, Math.max(1, s.length - 1))),
      fc.constantFrom('{', '[', '{"a":', 'nul', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}', ''),
      fc.string({ unit: 'binary', maxLength: 50 }),
    ),
  }),
  fc.record({
    type: fc.constantFrom(
      'multipart/form-data',
      'multipart/form-data; boundary=xyz',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary="unterminated',
    ),
    payload: fc.oneof(
      fc.constantFrom(
        '--xyz\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\n\r\nabc',
        '--xyz--',
        '',
      ),
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
    ),
  }),
  fc.record({
    type: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'application/json; charset=latin1',
      'image/png',
    ),
    payload: fc.string({ unit: 'binary', maxLength: 80 }),
  }),
  fc.constant({ type: undefined, payload: undefined }),
);

const QUERY_KEYS = [
  'page',
  'limit',
  'cursor',
  'sort',
  'category',
  'search',
  'following',
  'author',
  'city',
  'q',
  'type',
  'before',
];
const queryValue = fc.oneof(
  numberLike,
  nastyText,
  fc.constantFrom('true', 'false', 'all', 'newest', 'trending', 'users', 'tags'),
);
const query = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), queryValue),
  { maxLength: 6 },
);

function percentEncode(text: string): string {
  // encodeURIComponent throws on a lone surrogate; send those as the raw UTF-16 escape's bytes.
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((c) => `%${(c.codePointAt(0)! & 0xff).toString(16).padStart(2, '0')}`).join('');
  }
}

const auth = fc.oneof(
  { weight: 6, arbitrary: fc.constant('valid') },
  fc.constant('none'),
  fc.constantFrom('Bearer ', 'Bearer x.y.z', 'Basic abc', 'Bearer \u00ff', 'bearer   '),
);

function requestFor(route: RegisteredRoute) {
  const paramCount = (route.url.match(/:\w+/g) ?? []).length;
  return fc.record({
    params: fc.array(
      fc.oneof(
        { weight: 1, arbitrary: fc.constantFrom(post.id, chat.id, bob.id, bob.username) },
        { weight: 3, arbitrary: rawSegment },
      ),
      { minLength: paramCount, maxLength: paramCount },
    ),
    query,
    body,
    auth,
  });
}

function urlOf(route: RegisteredRoute, params: (string | undefined)[], pairs: [string, string][]): string {
  let i = 0;
  const path = route.url.replace(/:\w+/g, () => params[i++] ?? '');
  const search = pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
  return search ? `${path}?${search}` : path;
}

// ---- The property, for every route ------------------------------------------------------------

describe('no malformed request is ever answered with a 5xx', () => {
  it('enumerates the routes from the app', () => {
    expect(t.app.routeList.length).toBeGreaterThan(20);
  });

  // Routes are read when the suite runs (the app exists by then): one test per route.
  it('holds for every route', { timeout: 60 * 60 * 1000 }, async () => {
    const routes = t.app.routeList.filter((r) => r.url !== '/*');
    const counts: string[] = [];
    for (const route of routes) {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (req) => {
          runs += 1;
          const headers: Record<string, string> = {};
          if (req.auth === 'valid') headers.authorization = (runs % 2 ? ana : bob).auth.authorization;
          else if (req.auth !== 'none') headers.authorization = req.auth;
          if (req.body.type) headers['content-type'] = req.body.type;
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: urlOf(route, req.params, req.query),
            headers,
            payload: req.body.payload,
          });
          const where = `${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400 && route.url.startsWith('/api')) {
            const error = res.json<{ message: unknown; code: unknown }>();
            expect(typeof error.message, where).toBe('string');
            expect(typeof error.code, where).toBe('string');
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      counts.push(`${route.method} ${route.url}: ${runs}`);
    }
    expect(counts).toHaveLength(routes.length);
    for (const line of counts) expect(Number(line.split(': ')[1])).toBeGreaterThanOrEqual(RUNS_PER_ROUTE);
  });
});
