import type { Post } from '@glimpse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { callsTo, makePost, stubApi } from '../post/post-fixtures';
import { makePublicUser } from '../profile/test-fixtures';
import { FOLLOWING_EMPTY_TEXT } from '../../lib/text';

function page(
  posts: Post[],
  { hasNextPage = false, nextCursor = null as string | null, currentPage = 1 } = {},
) {
  return jsonResponse({
    posts,
    pagination: { currentPage, hasNextPage, hasPrevPage: currentPage > 1, nextCursor },
  });
}

function feedQueries(fetchMock: ReturnType<typeof stubApi>) {
  return callsTo(fetchMock, 'GET /api/posts').map(
    ([input]) => new URL(String(input), 'http://localhost').searchParams,
  );
}

describe('HomePage feed states', () => {
  it('loads the first page and ends with "You\'ve seen all posts!"', async () => {
    const fetchMock = stubApi({ 'GET /api/posts': () => page([makePost({ title: 'First post' })]) });
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 2, name: 'For You · All' })).toBeInTheDocument();
    expect(await screen.findByText('First post')).toBeInTheDocument();
    expect(screen.getByText("You've seen all posts!")).toBeInTheDocument();
    const [params] = feedQueries(fetchMock);
    expect(params?.get('sort')).toBe('newest');
    expect(params?.get('limit')).toBe('10');
    expect(params?.has('category')).toBe(false);
    expect(params?.has('following')).toBe(false);
  });

  it('shows placeholder cards, not a spinner, while the first page loads', async () => {
    stubApi({ 'GET /api/posts': () => new Promise<Response>(() => {}) });
    const { container } = renderApp('/home');
    expect(await screen.findByText('Loading posts...')).toBeInTheDocument();
    const skeleton = container.querySelector('[data-skeleton]');
    expect(skeleton).toHaveAttribute('role', 'status');
    expect(skeleton?.querySelectorAll('li')).toHaveLength(8);
    expect(container.querySelector('[class*="spinner"]')).toBeNull();
  });

  it('shows the empty state', async () => {
    stubApi({ 'GET /api/posts': () => page([]) });
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'No posts found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or search query.')).toBeInTheDocument();
  });

  it('shows the error with "Try Again", which reloads', async () => {
    let calls = 0;
    stubApi({
      'GET /api/posts': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ message: 'down', code: 'X' }, 500)
          : page([makePost({ title: 'Back again' })]);
      },
    });
    const { user } = renderApp('/home');
    expect(await screen.findByText('Failed to load posts. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('loads the next page with the server’s cursor, showing "Loading more posts..."', async () => {
    let release: () => void = () => {};
    const fetchMock = stubApi({
      'GET /api/posts': (url) => {
        if (!url.searchParams.get('cursor'))
          return page([makePost({ title: 'Page one' })], { hasNextPage: true, nextCursor: 'CUR2' });
        return new Promise((resolve) => {
          release = () => resolve(page([makePost({ title: 'Page two' })], { currentPage: 2 }));
        });
      },
    });
    const { user } = renderApp('/home');
    await screen.findByText('Page one');
    // jsdom has no IntersectionObserver, so the list offers its keyboard/fallback button.
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Loading more posts...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Page two')).toBeInTheDocument();
    expect(screen.getByText("You've seen all posts!")).toBeInTheDocument();
    expect(feedQueries(fetchMock)[1]?.get('cursor')).toBe('CUR2');
  });
});

describe('HomePage filters', () => {
  it('Trending and a category start a new query; All drops the category', async () => {
    const fetchMock = stubApi({ 'GET /api/posts': () => page([makePost()]) });
    const { user } = renderApp('/home');
    await screen.findByRole('heading', { level: 2, name: 'For You · All' });

    await user.click(screen.getByRole('tab', { name: 'Trending' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Trending · All' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Trending' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(feedQueries(fetchMock).at(-1)?.get('sort')).toBe('trending'));

    await user.click(screen.getByRole('button', { name: 'Food' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Trending · Food' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Food' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(feedQueries(fetchMock).at(-1)?.get('category')).toBe('Food'));

    const food = feedQueries(fetchMock).at(-1);
    expect(food?.get('page')).toBe('1');
    expect(food?.get('sort')).toBe('trending');

    // Back to All: that feed is still cached, and no query ever carried category=All.
    await user.click(screen.getByRole('button', { name: 'All' }));
    await screen.findByRole('heading', { level: 2, name: 'Trending · All' });
    const withoutCategory = feedQueries(fetchMock).filter((params) => !params.has('category'));
    expect(withoutCategory.length).toBeGreaterThanOrEqual(2);
    expect(feedQueries(fetchMock).some((params) => params.get('category') === 'All')).toBe(false);
  });

  it('starts a feed seen before again at page 1 and reloads it', async () => {
    const fetchMock = stubApi({
      'GET /api/posts': (url) =>
        url.searchParams.get('cursor')
          ? page([makePost({ title: 'Deep page' })], { currentPage: 2 })
          : page([makePost({ title: `Top of ${url.searchParams.get('sort')}` })], {
              hasNextPage: true,
              nextCursor: 'C2',
            }),
    });
    const { user } = renderApp('/home');
    await screen.findByText('Top of newest');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Deep page');

    await user.click(screen.getByRole('tab', { name: 'Trending' }));
    await screen.findByText('Top of trending');
    const before = feedQueries(fetchMock).length;
    await user.click(screen.getByRole('tab', { name: 'For You' }));
    expect(await screen.findByText('Top of newest')).toBeInTheDocument();
    expect(screen.queryByText('Deep page')).not.toBeInTheDocument();
    await waitFor(() => expect(feedQueries(fetchMock).length).toBe(before + 1));
    expect(feedQueries(fetchMock).at(-1)?.get('page')).toBe('1');
  });

  it('sends visitors who pick Following to /login', async () => {
    stubApi({ 'GET /api/posts': () => page([makePost()]) });
    const { user, router } = renderApp('/home');
    await screen.findByRole('heading', { level: 2, name: 'For You · All' });
    await user.click(screen.getByRole('tab', { name: 'Following' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('asks for following=true when signed in', async () => {
    window.localStorage.setItem('token', makeToken());
    const fetchMock = stubApi({ 'GET /api/posts': () => page([makePost()]) });
    const { user } = renderApp('/home');
    await screen.findByRole('heading', { level: 2, name: 'For You · All' });
    await user.click(screen.getByRole('tab', { name: 'Following' }));
    await waitFor(() => expect(feedQueries(fetchMock).at(-1)?.get('following')).toBe('true'));
  });

  it('suggests people to follow on an empty Following tab, then shows their posts', async () => {
    window.localStorage.setItem('token', makeToken());
    const base = makePublicUser();
    const zoe = makePublicUser({
      id: 'b1b2c3d4e5f6a1b2c3d4e5f6',
      username: 'zoe',
      profile: { ...base.profile, displayName: 'Zoe Park' },
    });
    const liam = makePublicUser({
      id: 'c1b2c3d4e5f6a1b2c3d4e5f6',
      username: 'liam',
      profile: { ...base.profile, displayName: 'Liam Cole' },
    });
    let followsZoe = false;
    const fetchMock = stubApi({
      'GET /api/posts': (url) =>
        url.searchParams.get('following') === 'true' && !followsZoe
          ? page([])
          : page([makePost({ title: 'From Zoe' })]),
      'GET /api/users': () => jsonResponse([zoe, liam]),
      [`POST /api/users/${zoe.id}/follow`]: () => {
        followsZoe = true;
        return jsonResponse({ following: true, followersCount: 11 });
      },
    });
    const { user } = renderApp('/home?tab=following');
    expect(await screen.findByRole('heading', { name: FOLLOWING_EMPTY_TEXT.title })).toBeInTheDocument();
    expect(screen.queryByText('Try adjusting your filters or search query.')).not.toBeInTheDocument();
    const people = await screen.findByRole('list', { name: 'Suggested people' });
    expect(within(people).getAllByRole('listitem')).toHaveLength(2);

    const zoeRow = within(people).getByRole('link', { name: 'Zoe Park' }).closest('li')!;
    await user.click(within(zoeRow).getByRole('button', { name: 'Follow' }));
    expect(await within(zoeRow).findByRole('button', { name: 'Following' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(callsTo(fetchMock, `POST /api/users/${zoe.id}/follow`)).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: FOLLOWING_EMPTY_TEXT.showPosts }));
    expect(await screen.findByText('From Zoe')).toBeInTheDocument();
  });

  it('moves between Discover tabs with the arrow keys', async () => {
    stubApi({ 'GET /api/posts': () => page([makePost()]) });
    const { user } = renderApp('/home');
    await screen.findByRole('heading', { level: 2, name: 'For You · All' });
    screen.getByRole('tab', { name: 'For You' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Following' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('tab', { name: 'Trending' })).toHaveFocus();
  });
});

describe('HomePage post opening and create button', () => {
  it('opens a card in the detail modal and reflects ?post=<id>', async () => {
    const post = makePost({ title: 'Open me' });
    stubApi({
      'GET /api/posts': () => page([post]),
      [`GET /api/posts/${post.id}`]: () => jsonResponse({ ...post, engagement: { comments: [] } }),
    });
    const { user, router } = renderApp('/home');
    await user.click(await screen.findByRole('link', { name: 'Open me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open me' });
    expect(router.state.location.search).toBe(`?post=${post.id}`);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.search).toBe('');
  });

  it('points "Create post" to /login for visitors and /create-post when signed in', async () => {
    stubApi({ 'GET /api/posts': () => page([]) });
    const first = renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Create post' })).toHaveAttribute('href', '/login');
    first.unmount();

    window.localStorage.setItem('token', makeToken());
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Create post' })).toHaveAttribute('href', '/create-post');
  });
});
