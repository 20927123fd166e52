import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The API's own routes: everything under /api but the documentation itself. */
const apiRoutes = () =>
  t.app.routeList.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json',
  );

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
        parameters?: { name: string; in: string }[];
        requestBody?: unknown;
      }
    >
  >;
};

describe('one source of truth: every route declares its schemas', () => {
  it('params for every path parameter, a body where one is read, and a 2xx response', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, url, schema } of routes) {
      const where = `${method} ${url}`;
      expect(schema, where).toBeDefined();
      const response = schema!.response as Record<string, unknown> | undefined;
      expect(
        Object.keys(response ?? {}).some((s) => /^2\d\d$/.test(s)),
        where,
      ).toBe(true);
      if (url.includes('/:')) expect(schema!.params, where).toBeDefined();
      const isMultipart = Array.isArray(schema!.consumes);
      if (['POST', 'PUT', 'DELETE', 'PATCH'].includes(method) && !isMultipart)
        expect(schema!.body, where).toBeDefined();
    }
  });
});

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 with every API operation and its 2xx response schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.openapi).toBe('3.1.0');
    for (const { method, url } of apiRoutes()) {
      const path = url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[method.toLowerCase()];
      expect(op, `${method} ${path}`).toBeDefined();
      const ok = Object.entries(op!.responses).find(([status]) => /^2\d\d$/.test(status));
      expect(ok?.[1].content?.['application/json']?.schema, `${method} ${path}`).toBeTruthy();
    }
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
  });

  it('describes the Post answer down to engagement and absolute image URLs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
    const feed = JSON.stringify(doc.paths['/api/posts']!.get!.responses['200']);
    for (const field of ['engagement', 'likesCount', 'isLikedByUser', 'variants', 'hasNextPage'])
      expect(feed).toContain(field);
    const params = doc.paths['/api/posts/{id}']!.get!.parameters!.map((p) => `${p.in}:${p.name}`);
    expect(params).toEqual(['path:id']);
    expect(doc.paths['/api/posts/{id}/comment']!.post!.requestBody).toBeDefined();
  });
});

describe('GET /api/docs', () => {
  it('is a readable, self-contained page: no script, no external resource', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="https?:/i);
    for (const text of [
      '/api/posts/{id}/like',
      'POST',
      'likesCount',
      'Bearer token required',
      'new_message',
    ]) {
      expect(html).toContain(text);
    }
    const css = await t.app.inject({ method: 'GET', url: '/api/docs/docs.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });
});
