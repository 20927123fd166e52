import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createPostViaApi } from '../modules/posts/posts.fixtures.js';
import { createTestApp, seedUser, type TestApp } from '../test/harness.js';

/**
 * Forged proxy headers: X-Forwarded-Host/-Proto and Host never steer links unless TRUST_PROXY
 * names the peer as a proxy, and PUBLIC_ORIGIN wins over all of them.
 */

async function shareUrlOf(t: TestApp, headers: Record<string, string>, remoteAddress = '127.0.0.1') {
  const author = await seedUser(t);
  const post = await createPostViaApi(t, author);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/posts/${post.id}/share`,
    headers: { ...author.auth, ...headers },
    remoteAddress,
    payload: { shareType: 'link' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ shareUrl: string }>().shareUrl;
}

const FORGED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

describe('TRUST_PROXY unset (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No PUBLIC_ORIGIN: links come from the request itself.
    t = await createTestApp({ PUBLIC_ORIGIN: '' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-Host and X-Forwarded-Proto', async () => {
    const url = await shareUrlOf(t, { ...FORGED, host: 'glimpse.local:4000' });
    expect(url).toMatch(/^http:\/\/glimpse\.local:4000\/posts\//);
  });

  it('never copies a malformed Host into a link', async () => {
    const url = await shareUrlOf(t, { host: 'evil.example/<script>' });
    expect(url).toMatch(/^http:\/\/localhost\/posts\//);
  });
});

describe('PUBLIC_ORIGIN set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: 'https://glimpse.example', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('wins over a forged Host and forwarded headers, even from a trusted proxy', async () => {
    const url = await shareUrlOf(t, { ...FORGED, host: 'evil.example' });
    expect(url).toMatch(/^https:\/\/glimpse\.example\/posts\//);
  });
});

describe('TRUST_PROXY naming the proxies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: '', TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  it("believes the nearest proxy's X-Forwarded-Host/-Proto when the peer is one", async () => {
    const url = await shareUrlOf(
      t,
      {
        'x-forwarded-host': 'forged.example, glimpse.example',
        'x-forwarded-proto': 'https',
        host: 'internal:4000',
      },
      '10.1.2.3',
    );
    expect(url).toMatch(/^https:\/\/glimpse\.example\/posts\//);
  });

  it('ignores them from any other peer', async () => {
    const url = await shareUrlOf(t, { ...FORGED, host: 'glimpse.local' }, '192.0.2.7');
    expect(url).toMatch(/^http:\/\/glimpse\.local\/posts\//);
  });
});

describe('TRUST_PROXY values', () => {
  const parse = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
  it('reads off, hop counts and address lists', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('2')).toBe(2);
    expect(parse('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
  });
  it.each(['true', 'yes please', '10.0.0.0/99'])('refuses %j with a message naming TRUST_PROXY', (value) => {
    expect(() => parse(value)).toThrow(/TRUST_PROXY: must be false, a hop count/);
  });
});
