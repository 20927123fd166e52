import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../test/render';
import { ApiError, apiRequest, http, NetworkError } from './http';

describe('apiRequest', () => {
  it('sends the stored token as a Bearer header, JSON bodies and credentials', async () => {
    window.localStorage.setItem('token', 'a.b.c');
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse({ ok: true })));
    await expect(http.post('/posts/1/comment', { content: 'Nice' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/posts/1/comment');
    expect(headers.get('Authorization')).toBe('Bearer a.b.c');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ content: 'Nice' }));
  });

  it('sends no Authorization header without a token and no Content-Type without a body', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse([])));
    await http.get('/posts', { query: { page: 2, category: undefined, sort: 'newest' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/posts?page=2&sort=newest');
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('throws ApiError carrying the server status, message and code', async () => {
    stubFetch(() => Promise.resolve(jsonResponse({ message: 'Post not found', code: 'NOT_FOUND' }, 404)));
    const error = await apiRequest('/posts/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      message: 'Post not found',
      code: 'NOT_FOUND',
      serverMessage: 'Post not found',
    });
  });

  it('turns a non-JSON error body into a status-based message', async () => {
    stubFetch(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })));
    const error = await apiRequest('/chats').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'HTTP 502', serverMessage: undefined });
  });

  it('rejects an OK answer that is not JSON', async () => {
    stubFetch(() => Promise.resolve(new Response('<html></html>', { status: 200 })));
    await expect(apiRequest('/users')).rejects.toMatchObject({
      message: 'Server returned non-JSON response',
    });
  });

  it('throws NetworkError when there is no response at all', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/posts')).rejects.toBeInstanceOf(NetworkError);
  });

  it('passes FormData through untouched for uploads', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse({ media: [] })));
    const form = new FormData();
    form.append('media', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await http.post('/posts/upload-media', form);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });
});
