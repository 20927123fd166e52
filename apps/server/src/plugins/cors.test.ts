import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../test/harness.js';
import { CORS_PREFLIGHT_MAX_AGE_S } from './cors.js';

const CLIENT = 'http://client.example';
let t: TestApp;
let ana: SeededUser;

beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: `${CLIENT}, http://other.example` });
  ana = await seedUser(t);
});
afterAll(async () => {
  await t.close();
});

const preflight = (url: string, method: string, origin = CLIENT) =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type, x-requested-with',
    },
  });

describe('CORS for CORS_ORIGINS', () => {
  it.each([
    ['PUT', '/api/users/profile'],
    ['PUT', '/api/users/password'],
    ['DELETE', '/api/chats/65a1b2c3d4e5f6a1b2c3d4e5'],
    ['POST', '/api/posts/65a1b2c3d4e5f6a1b2c3d4e5/like'],
    ['PATCH', '/api/posts'],
  ])('lets a %s to %s through its preflight, with credentials, cached', async (method, url) => {
    const res = await preflight(url, method);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
    expect(methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
    const headers = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(headers).toEqual(['authorization', 'content-type', 'x-requested-with']);
    expect(res.headers['access-control-max-age']).toBe(String(CORS_PREFLIGHT_MAX_AGE_S));
  });

  it('echoes an allowed origin on the actual answer, and nothing for another origin', async () => {
    const allowed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { ...ana.auth, origin: CLIENT, 'content-type': 'application/json' },
      payload: { profile: { bio: 'from another origin' } },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');

    const stranger = await preflight('/api/users/profile', 'PUT', 'http://evil.example');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });
});
