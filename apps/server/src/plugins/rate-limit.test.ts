import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RATE_LIMITS, SIGN_IN_ADDRESS_MAX, type RateLimitName } from '@glimpse/shared';
import { multipart } from '../modules/media/media.fixtures.js';
import { createPostViaApi } from '../modules/posts/posts.fixtures.js';
import { createTestApp, registerViaApi, seedUser, type SeededUser, type TestApp } from '../test/harness.js';
import { startTwoNodes, type TwoNodes } from '../test/two-nodes.js';

/** Limits that hold: sign-in by account and address (atomic), registration by address, writes by member. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each test signs in from its own address, so address counts of one test never reach another. */
const nextAddress = () => `192.0.2.${++addressCounter}`;

const login = (
  app: TestApp,
  email: string,
  password: string,
  from: string,
  headers: Record<string, string> = {},
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers,
    remoteAddress: from,
  });

function expect429(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  message: string,
) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message, code: 'RATE_LIMITED' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in', () => {
  it('200 parallel wrong passwords, by email and by username, get exactly the limit checked', async () => {
    const { user } = await registerViaApi(t.app, { password: 'right-secret' });
    const limit = t.config.loginMaxFailures;
    const from = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        login(t, i % 2 ? user.email : user.username.toUpperCase(), `wrong-${i}`, from),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    // Each 401 is one password check: no more than the limit ran, whatever the interleaving.
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - limit);
    expect429(
      answers.find((r) => r.statusCode === 429)!,
      MSG.tooManyAttempts,
    );
    // Even the right password waits now.
    expect((await login(t, user.email, 'right-secret', from)).statusCode).toBe(429);
  });

  it('a right password takes its attempt back: a member who signs in often is never limited', async () => {
    const { user } = await registerViaApi(t.app, { password: 'right-secret' });
    const from = nextAddress();
    for (let i = 0; i < t.config.loginMaxFailures + 5; i++)
      expect((await login(t, user.email, 'right-secret', from)).statusCode).toBe(200);
  });

  it('a different X-Forwarded-For each time does not reset the address limit (TRUST_PROXY off)', async () => {
    const statuses: number[] = [];
    const from = nextAddress();
    for (let i = 0; i <= SIGN_IN_ADDRESS_MAX; i++) {
      const res = await login(t, `nobody${i}@gmail.com`, 'whatever', from, {
        'x-forwarded-for': `198.51.100.${i % 250}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, SIGN_IN_ADDRESS_MAX).every((s) => s === 404)).toBe(true);
    expect(statuses[SIGN_IN_ADDRESS_MAX]).toBe(429);
  });
});

describe('registration', () => {
  it('is limited per address, whatever X-Forwarded-For says', async () => {
    const app = await createTestApp();
    try {
      const { max } = RATE_LIMITS.registrations;
      const register = (i: number) =>
        app.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          payload: {
            email: `reg${i}-${process.pid}@gmail.com`,
            username: `reg${i}x${process.pid}`,
            password: 'secret123',
          },
        });
      for (let i = 0; i < max; i++) expect((await register(i)).statusCode).toBe(201);
      expect429(await register(max), MSG.rateLimited);
      // Another address still may.
      const other = await app.app.inject({
        method: 'POST',
        url: '/api/users',
        remoteAddress: '192.0.2.44',
        payload: {
          email: `other-${process.pid}@gmail.com`,
          username: `other${process.pid}`,
          password: 'secret123',
        },
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });
});

describe('writes per member', () => {
  type Call = (member: SeededUser, i: number) => Promise<{ statusCode: number }>;
  let target: SeededUser;
  let postId: string;
  beforeAll(async () => {
    target = await seedUser(t);
    postId = (await createPostViaApi(t, target)).id;
  });

  const post = (url: string, member: SeededUser, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: member.auth, payload });
  // Each member edits a post of their own, made on their first call.
  const ownPosts = new Map<string, Promise<string>>();
  const ownPostOf = (member: SeededUser) => {
    let id = ownPosts.get(member.id);
    if (!id) {
      id = createPostViaApi(t, member).then((p) => p.id);
      ownPosts.set(member.id, id);
    }
    return id;
  };
  const calls: Record<Exclude<RateLimitName, 'registrations'>, { call: Call; ok: number }> = {
    comments: { call: (m, i) => post(`/api/posts/${postId}/comment`, m, { content: `c${i}` }), ok: 201 },
    posts: {
      call: (m, i) => post('/api/posts', m, { title: `t${i}`, content: 'c', category: 'Travel' }),
      ok: 201,
    },
    shares: { call: (m) => post(`/api/posts/${postId}/share`, m, { shareType: 'link' }), ok: 200 },
    likes: { call: (m) => post(`/api/posts/${postId}/like`, m, {}), ok: 200 },
    saves: { call: (m) => post(`/api/posts/${postId}/save`, m, {}), ok: 200 },
    follows: { call: (m) => post(`/api/users/${target.id}/follow`, m, {}), ok: 200 },
    chats: { call: (m) => post('/api/chats', m, { participantId: target.id }), ok: 200 },
    // A fresh member each time: one open report per reporter and target.
    reports: {
      call: async (m) =>
        post('/api/reports', m, { targetType: 'user', targetId: (await seedUser(t)).id, reason: 'spam' }),
      ok: 201,
    },
    edits: {
      call: async (m, i) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/posts/${await ownPostOf(m)}`,
          headers: m.auth,
          payload: { title: `t${i}` },
        }),
      ok: 200,
    },
    uploads: {
      // Not an image: a 400 each time, but every request counts (before any work is done).
      call: (m) => {
        const body = multipart([{ data: Buffer.from('not an image at all'), contentType: 'image/png' }]);
        return t.app.inject({
          method: 'POST',
          url: '/api/posts/upload-media',
          headers: { ...m.auth, ...body.headers },
          payload: body.payload,
        });
      },
      ok: 400,
    },
  };

  it.each(Object.keys(calls) as Array<keyof typeof calls>)(
    '%s: the limit is accepted, the next is 429 with Retry-After, another member is unaffected',
    async (name) => {
      const { call, ok } = calls[name];
      const { max } = RATE_LIMITS[name];
      const member = await seedUser(t);
      for (let i = 0; i < max; i++) expect((await call(member, i)).statusCode).toBe(ok);
      expect429((await call(member, max)) as never, MSG.rateLimited);
      expect((await call(await seedUser(t), 0)).statusCode).toBe(ok);
    },
  );
});

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('two-node rate limit test skipped: set REDIS_URL to run it');

describe.skipIf(!redisUrl)('limits hold across two app nodes (Redis)', () => {
  let nodes: TwoNodes;
  let node1: TestApp;
  let node2: TestApp;
  beforeAll(async () => {
    nodes = await startTwoNodes(redisUrl!, 'rl');
    ({ node1, node2 } = nodes);
  });
  afterAll(async () => {
    await nodes?.close();
  });

  it('parallel wrong sign-ins spread over both nodes get the limit checked, no more', async () => {
    const { user } = await registerViaApi(node1.app, { password: 'right-secret' });
    const limit = node1.config.loginMaxFailures;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(i % 2 ? node1 : node2, user.email, `wrong-${i}`, '198.51.100.1'),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(limit);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(100 - limit);
  });

  it('a member limit counts requests to either node', async () => {
    const member = await seedUser(node1);
    const author = await seedUser(node1);
    const postId = (await createPostViaApi(node1, author)).id;
    const { max } = RATE_LIMITS.comments;
    const comment = (node: TestApp, i: number) =>
      node.app.inject({
        method: 'POST',
        url: `/api/posts/${postId}/comment`,
        headers: member.auth,
        payload: { content: `c${i}` },
      });
    for (let i = 0; i < max; i++) expect((await comment(i % 2 ? node1 : node2, i)).statusCode).toBe(201);
    expect((await comment(node1, max)).statusCode).toBe(429);
    expect((await comment(node2, max + 1)).statusCode).toBe(429);
  });
});
