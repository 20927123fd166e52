import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let webDist: string;
const BIG_JS = `export const words = ${JSON.stringify('glimpse '.repeat(2000))};`;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Glimpse</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // Precompressed copies as the web build writes them; their content differs on purpose, so a
  // test can tell the stored copy from one compressed on the fly.
  fs.writeFileSync(path.join(webDist, 'assets', 'big-1a2b3c.js'), BIG_JS);
  fs.writeFileSync(path.join(webDist, 'assets', 'big-1a2b3c.js.br'), zlib.brotliCompressSync('/* br */'));
  fs.writeFileSync(path.join(webDist, 'assets', 'big-1a2b3c.js.gz'), zlib.gzipSync('/* gz */'));
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  // /home, /posts/{id}, /profile/{name}, /explore and /search get their own head (modules/pages).
  it.each(['/', '/settings', '/chat', '/profile?tab=liked'])('answers %s with index.html', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Glimpse</title>');
  });

  it('serves hashed assets with immutable caching, including files added after start', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    fs.writeFileSync(path.join(webDist, 'assets', 'later-def456.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/later-def456.js' })).statusCode).toBe(200);
  });

  it('answers a missing asset and an unknown API route with JSON 404, never index.html', async () => {
    for (const url of ['/assets/gone-000.js', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });

  it('sends the precompressed copy the browser accepts, brotli first, and the plain file otherwise', async () => {
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/big-1a2b3c.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('/* br */');

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('/* gz */');

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });
});

describe('compressing API answers', () => {
  it('compresses a JSON answer above 1 kB for a client that asks, and only then', async () => {
    const url = '/api/openapi.json';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves a small answer as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });
});
