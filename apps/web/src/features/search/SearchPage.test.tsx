import type { SearchResponse, SearchType } from '@glimpse/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageLoaders } from '../../app/pages';
import { jsonResponse, makeSelfUser, makeToken, renderApp, stubFetch } from '../../test/render';
import { makePost, makePublicUser, routeFetch } from '../profile/test-fixtures';

type Results = SearchResponse['results'];

function answer(
  results: Partial<Results>,
  { type = 'all' as SearchType, page = 1, hasNextPage = false } = {},
): SearchResponse {
  return {
    query: 'sun',
    type,
    results: { posts: [], users: [], tags: [], places: [], ...results },
    pagination: { currentPage: page, hasNextPage, hasPrevPage: page > 1, nextCursor: null },
  };
}

/** Routes GET /api/search to `handler` and records each call's q/type/page. */
function stubSearch(
  handler: (params: URLSearchParams) => SearchResponse | Response,
  extra: Parameters<typeof routeFetch>[0] = {},
) {
  const calls: Array<{ q: string | null; type: string | null; page: string | null }> = [];
  const mock = stubFetch(
    routeFetch({
      'GET /api/search': ({ url }) => {
        calls.push({
          q: url.searchParams.get('q'),
          type: url.searchParams.get('type'),
          page: url.searchParams.get('page'),
        });
        const result = handler(url.searchParams);
        return result instanceof Response ? result : jsonResponse(result);
      },
      ...extra,
    }),
  );
  return { calls, mock };
}

const bob = makePublicUser();
const sunrise = makePost({ title: 'Sunrise over the bay' });

// The route's chunk (and the post feature it pulls in) is slow to transform on a cold start.
beforeAll(async () => {
  await pageLoaders.search();
}, 30_000);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SearchPage', () => {
  it('shows the five tabs with All selected and searches for ?q=', async () => {
    const { calls } = stubSearch(() => answer({ posts: [sunrise] }));
    renderApp('/search?q=sun');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Search categories' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['All', 'Users', 'Posts', 'Tags', 'Places']);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'Sunrise over the bay' })).toBeInTheDocument();
    expect(calls).toEqual([{ q: 'sun', type: 'all', page: '1' }]);
  });

  it('shows people, tags and places in All, each leading to the right place', async () => {
    stubSearch(() =>
      answer({
        posts: [sunrise],
        users: [bob],
        tags: [{ tag: 'sunset', count: 12 }],
        places: [{ city: 'San Francisco', count: 3 }],
      }),
    );
    renderApp('/search?q=sun');
    expect(await screen.findByRole('link', { name: 'Bob Builder Verified' })).toHaveAttribute(
      'href',
      '/profile/bob',
    );
    expect(screen.getByText('@bob')).toBeInTheDocument();
    const tag = screen.getByRole('link', { name: /#sunset/ });
    expect(tag).toHaveTextContent('12 posts');
    expect(tag).toHaveAttribute('href', '/search?q=sunset&type=posts');
    const place = screen.getByRole('link', { name: /San Francisco/ });
    expect(place).toHaveTextContent('3 posts');
    expect(place).toHaveAttribute('href', '/explore?city=San%20Francisco');
  });

  it('keeps the tab in the URL, so Back returns to the previous tab', async () => {
    const { calls } = stubSearch((params) =>
      answer(params.get('type') === 'users' ? { users: [bob] } : { posts: [sunrise] }),
    );
    const { router, user } = renderApp('/search?q=sun');
    await screen.findByRole('link', { name: 'Sunrise over the bay' });
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(router.state.location.search).toBe('?q=sun&type=users');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('@bob')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ q: 'sun', type: 'users', page: '1' });
    await act(() => router.navigate(-1));
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'Sunrise over the bay' })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys and opens one with Enter', async () => {
    stubSearch(() => answer({}));
    const { router, user } = renderApp('/search?q=sun&type=tags');
    const tags = await screen.findByRole('tab', { name: 'Tags' });
    expect(tags).toHaveAttribute('tabindex', '0');
    tags.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Places' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(router.state.location.search).toBe('?q=sun');
  });

  it('says "No posts found" when nothing matches', async () => {
    stubSearch(() => answer({}));
    renderApp('/search?q=zzz&type=posts');
    expect(await screen.findByRole('heading', { name: 'No posts found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or search query.')).toBeInTheDocument();
  });

  it('only logs a failure and shows the empty state', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubSearch(() => jsonResponse({ message: 'Boom', code: 'INTERNAL' }, 500));
    renderApp('/search?q=sun');
    expect(await screen.findByRole('heading', { name: 'No posts found' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Search failed:', expect.anything());
  });

  it('pages posts: a page of 10 means more, the next page ends with "You\'ve seen all posts"', async () => {
    const first = Array.from({ length: 10 }, () => makePost());
    const second = Array.from({ length: 3 }, () => makePost());
    const { calls } = stubSearch((params) =>
      params.get('page') === '1'
        ? answer({ posts: first }, { type: 'posts', hasNextPage: true })
        : answer({ posts: second }, { type: 'posts', page: 2 }),
    );
    const { user } = renderApp('/search?q=sun&type=posts');
    const grid = await screen.findByRole('list', { name: 'Posts matching sun' });
    expect(within(grid).getAllByRole('article')).toHaveLength(10);
    expect(screen.queryByText("You've seen all posts")).not.toBeInTheDocument();
    // jsdom has no IntersectionObserver, so the list offers its button fallback.
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText("You've seen all posts")).toBeInTheDocument();
    // The end text may commit a moment before the last cards (React DOM renders them separately).
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(13));
    expect(calls.map((c) => c.page)).toEqual(['1', '2']);
  });

  it('leads tag results to a post search and place results to Explore', async () => {
    stubSearch((params) =>
      params.get('type') === 'tags'
        ? answer({ tags: [{ tag: 'sunset', count: 1 }] }, { type: 'tags' })
        : answer({ places: [{ city: 'Sunnyvale', count: 2 }] }, { type: 'places' }),
    );
    const { router, user } = renderApp('/search?q=sun&type=tags');
    await user.click(await screen.findByRole('link', { name: /#sunset/ }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/search?q=sunset&type=posts');
    await act(() => router.navigate('/search?q=sun&type=places'));
    expect(await screen.findByRole('link', { name: /Sunnyvale.*2 posts/ })).toHaveAttribute(
      'href',
      '/explore?city=Sunnyvale',
    );
  });

  it('only shows an alert on follow, without calling the server', async () => {
    window.localStorage.setItem('token', makeToken({ username: 'alice' }));
    const { mock } = stubSearch(() => answer({ users: [bob] }, { type: 'users' }), {
      'GET /api/auth/me': () => jsonResponse(makeSelfUser()),
    });
    const { user } = renderApp('/search?q=bob&type=users');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('To follow @bob, visit their profile.')).toBeInTheDocument();
    expect(mock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('opens a clicked post in the detail popup', async () => {
    stubSearch(() => answer({ posts: [sunrise] }), {
      [`GET /api/posts/${sunrise.id}`]: () => jsonResponse({ ...sunrise, engagement: { comments: [] } }),
    });
    const { user, router } = renderApp('/search?q=sun&type=posts');
    await user.click(await screen.findByRole('link', { name: 'Sunrise over the bay' }));
    expect(await screen.findByRole('dialog', { name: 'Sunrise over the bay' })).toBeInTheDocument();
    expect(router.state.location.search).toContain(`post=${sunrise.id}`);
  });

  it('asks for a query instead of searching when ?q= is empty', async () => {
    const { calls } = stubSearch(() => answer({}));
    renderApp('/search');
    expect(await screen.findByRole('heading', { name: 'What are you looking for?' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual([]));
  });
});
