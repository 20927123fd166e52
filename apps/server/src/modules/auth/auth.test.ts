import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MSG, type AuthResponse, type TokenPayload } from '@glimpse/shared';
import { signToken } from '../../lib/jwt.js';
import {
  createTestApp,
  registerViaApi,
  TEST_JWT_SECRET,
  testAddress,
  type TestApp,
} from '../../test/harness.js';
import { TOKEN_MEMBER_STATEMENT } from '../users/users.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(async () => {
  await t.close();
});

const register = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: payload as object,
    remoteAddress: testAddress(),
  });
const login = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: payload as object,
    remoteAddress: testAddress(),
  });

function decode(token: string): TokenPayload {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as TokenPayload;
}

describe('POST /api/users (register)', () => {
  it('creates a member and answers 201 with SelfUser and a decodable token', async () => {
    const res = await register({ email: 'Ana@Gmail.com', username: 'ana_1', password: 'secret1' });
    expect(res.statusCode).toBe(201);
    const body = res.json<AuthResponse>();
    expect(body.user).toMatchObject({ username: 'ana_1', email: 'Ana@Gmail.com' });
    expect(body.user.id).toMatch(/^[0-9a-f]{24}$/);
    expect(body.user._id).toBe(body.user.id);
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toContain('argon2');
    const payload = decode(body.token);
    expect(payload).toMatchObject({ userId: body.user.id, username: 'ana_1', email: 'Ana@Gmail.com' });
    expect(payload.sid).toMatch(/^[0-9a-f]{24}$/);
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
  });

  it.each([
    [{ username: 'bob', password: 'secret1' }, MSG.emailRequired],
    [{ email: '', username: 'bob', password: 'secret1' }, MSG.emailRequired],
    [{ email: 'not-an-email', username: 'bob', password: 'secret1' }, MSG.emailInvalid],
    [{ email: 'bob@company.io', username: 'bob', password: 'secret1' }, MSG.emailProviderRegister],
    [{ email: 'bob@gmail.com', password: 'secret1' }, MSG.usernameRequired],
    [{ email: 'bob@gmail.com', username: '  ', password: 'secret1' }, MSG.usernameRequired],
    [{ email: 'bob@gmail.com', username: 'bo', password: 'secret1' }, MSG.usernameTooShort],
    [{ email: 'bob@gmail.com', username: 'bob smith', password: 'secret1' }, MSG.usernameChars],
    [{ email: 'bob@gmail.com', username: 'bob' }, MSG.passwordRequired],
    [{ email: 'bob@gmail.com', username: 'bob', password: '12345' }, MSG.passwordTooShort],
  ])('rejects %j with "%s"', async (payload, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION' });
  });

  it('accepts every mainstream provider, e.g. vip.163 and qq', async () => {
    expect(
      (await register({ email: 'v@vip.163.com', username: 'vip163', password: 'secret1' })).statusCode,
    ).toBe(201);
    expect((await register({ email: 'q@qq.com', username: 'qquser', password: 'secret1' })).statusCode).toBe(
      201,
    );
  });

  it('refuses a taken email or username case-insensitively', async () => {
    await register({ email: 'dup@gmail.com', username: 'dupuser', password: 'secret1' });
    const sameEmail = await register({ email: 'DUP@gmail.com', username: 'other', password: 'secret1' });
    expect(sameEmail.statusCode).toBe(400);
    expect(sameEmail.json().message).toBe(MSG.emailExists);
    const sameName = await register({ email: 'other@gmail.com', username: 'DupUser', password: 'secret1' });
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json().message).toBe(MSG.usernameTaken);
  });

  it('lets only one of two simultaneous registrations of a name win', async () => {
    const results = await Promise.all([
      register({ email: 'race1@gmail.com', username: 'racer', password: 'secret1' }),
      register({ email: 'race2@gmail.com', username: 'RACER', password: 'secret1' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in by email or by username, case-insensitively', async () => {
    const { user } = await registerViaApi(t.app, {
      email: 'login@gmail.com',
      username: 'loginuser',
      password: 'secret1',
    });
    for (const email of ['login@gmail.com', 'LOGIN@gmail.com', 'loginuser', 'LoginUser']) {
      const res = await login({ email, password: 'secret1' });
      expect(res.statusCode).toBe(200);
      expect(res.json<AuthResponse>().user.id).toBe(user.id);
    }
  });

  it('answers the spec messages for missing fields, unknown account and wrong password', async () => {
    await registerViaApi(t.app, { email: 'pw@gmail.com', username: 'pwuser', password: 'secret1' });
    expect((await login({ password: 'x' })).json()).toEqual({
      message: MSG.emailRequired,
      code: 'VALIDATION',
    });
    expect((await login({ email: 'pw@gmail.com' })).json()).toEqual({
      message: MSG.passwordRequired,
      code: 'VALIDATION',
    });
    const unknown = await login({ email: 'nobody@gmail.com', password: 'secret1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.accountNotFound);
    const wrong = await login({ email: 'pw@gmail.com', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.invalidCredentials);
  });

  it('answers 429 to an address after repeated failures there, even with the right password', async () => {
    await registerViaApi(t.app, { email: 'brute@gmail.com', username: 'bruteuser', password: 'secret1' });
    const from = testAddress();
    const fromThere = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'brute@gmail.com', password },
        remoteAddress: from,
      });
    for (let i = 0; i < 3; i++) expect((await fromThere('nope')).statusCode).toBe(401);
    const blocked = await fromThere('secret1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    // The member, from an address that has not failed, is not locked out by it.
    expect((await login({ email: 'brute@gmail.com', password: 'secret1' })).statusCode).toBe(200);
  });
});

describe('GET /api/auth/me and token rules', () => {
  const me = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authorization ? { authorization } : {} });

  it('returns SelfUser for a valid token', async () => {
    const { token, user } = await registerViaApi(t.app);
    const res = await me(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, moderation: { isAdmin: false } });
  });

  it('answers 401 "Access token required" without a token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Access token required', code: 'UNAUTHENTICATED' });
  });

  it('answers 401 "Token expired" for an expired token', async () => {
    const { user } = await registerViaApi(t.app);
    const old = await signToken(
      { userId: user.id, username: user.username, email: user.email, sid: 'a'.repeat(24) },
      TEST_JWT_SECRET,
      1_000_000,
    );
    const res = await me(`Bearer ${old}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Token expired');
  });

  it('answers 403 "Invalid token" for a bad signature or garbage', async () => {
    const { user } = await registerViaApi(t.app);
    const forged = await signToken(
      { userId: user.id, username: user.username, email: user.email, sid: 'a'.repeat(24) },
      'another-secret'.padEnd(40, 'y'),
    );
    for (const token of [forged, 'garbage', 'a.b.c']) {
      const res = await me(`Bearer ${token}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Invalid token');
    }
  });

  it("reads the token's member through one named prepared statement, on every request", async () => {
    const { token } = await registerViaApi(t.app);
    const pool = t.app.ctx.database.pool;
    const spy = vi.spyOn(pool, 'query'); // calls through
    onTestFinished(() => {
      spy.mockRestore();
    });
    for (let i = 0; i < 3; i++) expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    const named = spy.mock.calls.filter(
      ([config]) => (config as { name?: string }).name === TOKEN_MEMBER_STATEMENT,
    );
    expect(named).toHaveLength(3);
  });

  it('answers 401 when the token belongs to a member who no longer exists', async () => {
    const ghost = await signToken(
      { userId: 'f'.repeat(24), username: 'ghost', email: 'g@gmail.com', sid: 'a'.repeat(24) },
      TEST_JWT_SECRET,
    );
    const res = await me(`Bearer ${ghost}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Access token required');
  });
});

describe('error handling', () => {
  it('answers malformed JSON with 400 JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 'BAD_JSON' });
  });

  it('answers an unknown /api route with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x'.repeat(2 * 1024 * 1024), password: 'x' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a non-object body with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: '"just a string"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});
