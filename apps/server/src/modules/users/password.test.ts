import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@glimpse/shared';
import { createTestApp, registerViaApi, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(async () => {
  await t.close();
});

const change = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/users/password',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('PUT /api/users/password', () => {
  it('changes the password: the old one stops working, the new one signs in; the answer is { message }', async () => {
    const { token, user } = await registerViaApi(t.app, { password: 'old-secret' });
    const res = await change(token, { currentPassword: 'old-secret', newPassword: 'new-secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password updated successfully' });
    expect((await login(user.email, 'old-secret')).statusCode).toBe(401);
    expect((await login(user.email, 'new-secret')).statusCode).toBe(200);
  });

  it("keeps the caller's token and ends every other session (tokens 401 at once)", async () => {
    const { user, token: caller } = await registerViaApi(t.app, { password: 'old-secret' });
    // Two more devices of the same member, signed in for real.
    const others = await Promise.all(
      [0, 1].map(async () => (await login(user.email, 'old-secret')).json<{ token: string }>().token),
    );
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    for (const token of [caller, ...others]) expect((await me(token)).statusCode).toBe(200);

    const res = await change(caller, { currentPassword: 'old-secret', newPassword: 'new-secret' });
    expect(res.statusCode).toBe(200);
    expect((await me(caller)).statusCode).toBe(200);
    for (const stale of others) {
      const refused = await me(stale);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(MSG.tokenExpired);
    }
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const { token, user } = await registerViaApi(t.app, { password: 'old-secret' });
    const res = await change(token, { currentPassword: 'wrong', newPassword: 'new-secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Current password is incorrect', code: 'VALIDATION' });
    expect((await login(user.email, 'old-secret')).statusCode).toBe(200);
  });

  it('refuses a short new password with the server text', async () => {
    const { token } = await registerViaApi(t.app, { password: 'old-secret' });
    const res = await change(token, { currentPassword: 'old-secret', newPassword: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.newPasswordTooShortServer);
  });

  it.each([
    [{}],
    [{ currentPassword: 'old-secret' }],
    [{ newPassword: 'new-secret' }],
    [{ currentPassword: 1, newPassword: 'new-secret' }],
    [{ currentPassword: 'old-secret', newPassword: ['x'] }],
  ])('answers "Invalid password data" for %j', async (payload) => {
    const { token } = await registerViaApi(t.app, { password: 'old-secret' });
    const res = await change(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid password data', code: 'VALIDATION' });
  });

  it('stops checking guesses after repeated wrong current passwords', async () => {
    const { token } = await registerViaApi(t.app, { password: 'old-secret' });
    for (let i = 0; i < 3; i++)
      expect((await change(token, { currentPassword: 'guess', newPassword: 'new-secret' })).statusCode).toBe(
        400,
      );
    const blocked = await change(token, { currentPassword: 'old-secret', newPassword: 'new-secret' });
    expect(blocked.statusCode).toBe(429);
  });

  it('requires a token', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { currentPassword: 'a', newPassword: 'bbbbbb' },
    });
    expect(res.statusCode).toBe(401);
  });
});
