import { describe, expect, it } from 'vitest';
import { postKeys } from '../api/queries/posts';
import { jsonResponse, stubFetch } from '../test/render';
import { prefetchFirstScreen } from './first-screen';
import { createQueryClient } from './query-client';

const EMPTY_PAGE = {
  posts: [],
  pagination: { currentPage: 1, totalPages: 0, totalPosts: 0, hasNextPage: false, nextCursor: null },
};

function start(pathname: string, search = '') {
  const fetch = stubFetch(() => Promise.resolve(jsonResponse(EMPTY_PAGE)));
  const client = createQueryClient();
  prefetchFirstScreen(client, { pathname, search });
  return { fetch, client };
}

describe('prefetchFirstScreen', () => {
  it('asks for the home feed page the screen will show, under the key the page reads', async () => {
    const { fetch, client } = start('/home', '?tab=trending&category=food');
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/posts');
    expect(url.searchParams.get('sort')).toBe('trending');
    expect(url.searchParams.get('category')).toBe('Food');
    await expect
      .poll(() => client.getQueryData(postKeys.list({ sort: 'trending', category: 'Food' })))
      .toBeTruthy();
  });

  it('does nothing on other screens, or for a visitor on the Following tab', () => {
    expect(start('/explore').fetch).not.toHaveBeenCalled();
    expect(start('/home', '?tab=following').fetch).not.toHaveBeenCalled();
  });
});
