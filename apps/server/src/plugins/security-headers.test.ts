import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { HSTS_VALUE, securityHeaders } from './security-headers.js';

/**
 * Security headers on every answer, with the real built web app (apps/web/dist): the CSP it is
 * served with allows no inline script or style, and the page has none (the e2e spec
 * e2e/security/headers.spec.ts loads it in Chromium and listens for violations).
 */
const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST, TRUST_PROXY: '10.0.0.0/8' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress });

describe.skipIf(!fs.existsSync(path.join(WEB_DIST, 'index.html')))('the web app and the API', () => {
  it.each(['/', '/posts/65a1b2c3d4e5f6a1b2c3d4e5', '/api/health', '/api/nope', '/api/docs'])(
    '%s carries the CSP, nosniff, no framing and the referrer policy',
    async (url) => {
      const res = await get(url);
      const csp = String(res.headers['content-security-policy']);
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name!, values] as const;
        }),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('style-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Served over plain http: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('sends a hashed script or stylesheet only the headers that act on a subresource', async () => {
    const assets = fs.readdirSync(path.join(WEB_DIST, 'assets')).filter((f) => /\.(js|css)$/.test(f));
    expect(assets.length).toBeGreaterThan(0);
    for (const file of assets.slice(0, 3)) {
      const res = await get(`/assets/${file}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
    // The service worker is a script whose own answer's CSP governs it: it keeps every header.
    expect((await get('/sw.js')).headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves an index.html with no inline script or style for that CSP to block', async () => {
    const html = (await get('/')).body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\//);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
  });

  it('sends HSTS only when the answer goes out over https (a proxy TRUST_PROXY believes)', async () => {
    const viaProxy = await get('/api/health', { 'x-forwarded-proto': 'https' }, '10.0.0.5');
    expect(viaProxy.headers['strict-transport-security']).toBe(HSTS_VALUE);
    // The same header from a client directly: forged, so no https and no HSTS.
    const forged = await get('/api/health', { 'x-forwarded-proto': 'https' }, '192.0.2.9');
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CSP for a deployment on https with a media CDN', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({
      PUBLIC_ORIGIN: 'https://glimpse.example',
      MEDIA_PUBLIC_URL: 'https://cdn.example/glimpse',
    });
  });
  afterAll(() => secure.close());

  it('allows images from the media origin and upgrades insecure requests', async () => {
    const csp = String(
      (await secure.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example(;|$)/);
    expect(csp).toContain('upgrade-insecure-requests');
  });
});

describe('headers computed once', () => {
  it('are every header helmet sets for our options, on API answers too, with the media override', async () => {
    const headers = securityHeaders(t.config);
    expect(headers).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(headers).not.toHaveProperty('strict-transport-security');
    for (const url of ['/api/health', '/api/posts', '/api/nope']) {
      const res = await get(url);
      for (const [name, value] of Object.entries(headers))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
  });
});
