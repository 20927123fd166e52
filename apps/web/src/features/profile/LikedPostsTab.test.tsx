import { UNLIKE_ERROR_CLEAR_MS } from '@glimpse/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeSelfUser, makeToken, renderApp, stubFetch } from '../../test/render';
import { makePost, makePostList, routeFetch } from './test-fixtures';

const ALICE = makeSelfUser();

function signIn() {
  window.localStorage.setItem('token', makeToken({ userId: ALICE.id, username: ALICE.username }));
}

type Routes = Parameters<typeof routeFetch>[0];

function openLikedTab(routes: Routes) {
  signIn();
  const fetchMock = stubFetch(
    routeFetch({
      'GET /api/auth/me': () => jsonResponse(ALICE),
      'GET /api/posts': () => jsonResponse(makePostList([])),
      ...routes,
    }),
  );
  return { ...renderApp('/profile?tab=liked'), fetchMock };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Liked tab', () => {
  it('lists liked posts, 12 a page, with "Load More Liked Posts" and the end text', async () => {
    const first = Array.from({ length: 12 }, (_, i) => makePost({ title: `Liked ${i + 1}` }));
    const requests: URL[] = [];
    const { user } = openLikedTab({
      'GET /api/users/me/liked-posts': ({ url }) => {
        requests.push(url);
        return url.searchParams.get('page') === '2'
          ? jsonResponse(makePostList([makePost({ title: 'Liked 13' })], { page: 2 }))
          : jsonResponse(makePostList(first, { hasNextPage: true }));
      },
    });
    expect(await screen.findByRole('tab', { name: 'Liked' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'Liked 12' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/posts\//),
    );
    expect(requests[0]?.searchParams.get('limit')).toBe('12');
    expect(screen.queryByText("You've reached the end of your liked posts")).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More Liked Posts' }));
    expect(await screen.findByRole('link', { name: 'Liked 13' })).toBeInTheDocument();
    expect(screen.getByText("You've reached the end of your liked posts")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Liked Posts' })).not.toBeInTheDocument();
  });

  it('shows "No liked posts yet" with "Explore Posts" to /home', async () => {
    openLikedTab({ 'GET /api/users/me/liked-posts': () => jsonResponse(makePostList([])) });
    expect(await screen.findByText('No liked posts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Posts' })).toHaveAttribute('href', '/home');
  });

  it('marks an unliked post pending with an hourglass, then removes it', async () => {
    const keep = makePost({ title: 'Keep me' });
    const drop = makePost({ title: 'Drop me' });
    let answer: (response: Response) => void = () => {};
    const { user, fetchMock } = openLikedTab({
      'GET /api/users/me/liked-posts': () => jsonResponse(makePostList([drop, keep])),
      [`POST /api/posts/${drop.id}/like`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await screen.findByRole('link', { name: 'Drop me' });
    const cell = screen.getByRole('link', { name: 'Drop me' }).closest('li')!;
    await user.click(within(cell).getByRole('button', { name: 'Unlike' }));

    const removing = await within(cell).findByRole('img', { name: 'Removing' });
    expect(removing).toHaveTextContent('⏳');
    expect(within(cell).queryByRole('button', { name: 'Unlike' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/posts/${drop.id}/like`,
      expect.objectContaining({ method: 'POST' }),
    );

    answer(jsonResponse({ liked: false, likesCount: 0 }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Drop me' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Keep me' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Removing' })).not.toBeInTheDocument();
  });

  it('shows "No liked posts yet" once the last one is unliked', async () => {
    const only = makePost({ title: 'Only one' });
    const { user } = openLikedTab({
      'GET /api/users/me/liked-posts': () => jsonResponse(makePostList([only])),
      [`POST /api/posts/${only.id}/like`]: () => jsonResponse({ liked: false, likesCount: 0 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Unlike' }));
    expect(await screen.findByText('No liked posts yet')).toBeInTheDocument();
  });

  it('keeps the post on failure and clears the message after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const post = makePost({ title: 'Stubborn' });
    openLikedTab({
      'GET /api/users/me/liked-posts': () => jsonResponse(makePostList([post])),
      [`POST /api/posts/${post.id}/like`]: () =>
        jsonResponse({ message: 'Internal server error', code: 'INTERNAL' }, 500),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Unlike' }));

    expect(await screen.findByText('Failed to unlike post. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stubborn' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlike' })).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(UNLIKE_ERROR_CLEAR_MS - 100);
    });
    expect(screen.getByText('Failed to unlike post. Please try again.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByText('Failed to unlike post. Please try again.')).not.toBeInTheDocument();
  });
});

describe('Liked tab errors', () => {
  it('says the endpoint is missing on a 404', async () => {
    openLikedTab({
      'GET /api/users/me/liked-posts': () =>
        jsonResponse({ message: 'Route not found', code: 'ROUTE_NOT_FOUND' }, 404),
    });
    expect(
      await screen.findByText('Liked endpoint not found. Please check server configuration.'),
    ).toBeInTheDocument();
  });

  it('prefixes other failures with the server message', async () => {
    openLikedTab({
      'GET /api/users/me/liked-posts': () =>
        jsonResponse({ message: 'Database unavailable', code: 'INTERNAL' }, 500),
    });
    expect(await screen.findByText('Failed to load liked posts: Database unavailable')).toBeInTheDocument();
  });

  it('says the session expired on a 401, then logs out and goes to /login', async () => {
    const { router } = openLikedTab({
      'GET /api/users/me/liked-posts': () =>
        jsonResponse({ message: 'Token expired', code: 'TOKEN_EXPIRED' }, 401),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(window.localStorage.getItem('token')).toBeNull();
    // The words outlive the redirect in a toast.
    expect(screen.getByText('Authentication expired. Please log in again.')).toBeInTheDocument();
  });
});
