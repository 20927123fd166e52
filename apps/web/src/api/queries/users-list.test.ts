import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/render';
import { fetchUsersList } from './users-list';
import { USERS_LIST_TEXT } from '../../lib/text';

describe('fetchUsersList (GET /api/users)', () => {
  it('returns the bare array and passes the search text', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse([{ id: 'x', username: 'bob' }])));
    await expect(fetchUsersList(' bo ')).resolves.toEqual([{ id: 'x', username: 'bob' }]);
    const url = String(fetchMock.mock.calls[0]?.[0]);
    expect(url).toContain('/api/users?');
    expect(url).toContain('search=bo');
    expect(url).toContain('limit=20');
  });

  it.each([
    [
      '401',
      () => jsonResponse({ message: 'Access token required', code: 'UNAUTHENTICATED' }, 401),
      USERS_LIST_TEXT.authRequired,
    ],
    [
      'non-JSON',
      () => new Response('<html>oops</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
      'Server returned non-JSON response',
    ],
    ['not an array', () => jsonResponse({ users: [] }), 'Invalid response format from server'],
    ['another status', () => jsonResponse({ message: 'boom', code: 'INTERNAL' }, 500), 'HTTP 500'],
  ])('%s gives the spec text', async (_name, response, text) => {
    stubFetch(() => Promise.resolve(response()));
    await expect(fetchUsersList('')).rejects.toThrow(text);
  });
});
