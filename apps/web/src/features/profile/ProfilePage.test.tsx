import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeSelfUser, makeToken, renderApp, stubFetch } from '../../test/render';
import { makePost, makePostList, makePublicUser, routeFetch } from './test-fixtures';

const ALICE = makeSelfUser();

function signIn() {
  window.localStorage.setItem('token', makeToken({ userId: ALICE.id, username: ALICE.username }));
}

const noPosts = () => jsonResponse(makePostList([]));

async function statsOf() {
  const stats = await screen.findByRole('list', { name: 'Profile stats' });
  return within(stats)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('ProfilePage routing', () => {
  it('sends a visitor on /profile to /login', async () => {
    stubFetch(() => Promise.reject(new Error('no call expected')));
    const { router } = renderApp('/profile');
    // The first render also loads the lazy page chunk, which can take a moment on a cold start.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
  });

  it('shows the own profile from the signed-in user on /profile, with Settings and five tabs', async () => {
    signIn();
    const fetchMock = stubFetch(
      routeFetch({ 'GET /api/auth/me': () => jsonResponse(ALICE), 'GET /api/posts': noPosts }),
    );
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'alice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Posts', 'Saved', 'Collections', 'Tagged', 'Liked']);
    // Own data never comes from the public profile call.
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(calls.some((url) => url.includes('/users/profile/'))).toBe(false);
  });

  it('treats its own username in another case as the own profile', async () => {
    signIn();
    stubFetch(routeFetch({ 'GET /api/auth/me': () => jsonResponse(ALICE), 'GET /api/posts': noPosts }));
    renderApp('/profile/ALICE');
    expect(await screen.findByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Liked' })).toBeInTheDocument();
  });

  it("shows someone else's profile with Follow and Message, and only Posts and Collections", async () => {
    signIn();
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ALICE),
        'GET /api/users/profile/bob': () => jsonResponse(makePublicUser()),
        'GET /api/posts': noPosts,
      }),
    );
    renderApp('/profile/bob');
    expect(await screen.findByRole('heading', { level: 1, name: 'bob' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    // SPEC §6: Liked and Tagged are the owner's tabs only.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Posts', 'Collections']);
  });
});

describe('ProfilePage header', () => {
  it('shows name, badge, bio, location, join date, website and abbreviated stats', async () => {
    stubFetch(
      routeFetch({
        'GET /api/users/profile/bob': () => jsonResponse(makePublicUser()),
        'GET /api/posts': noPosts,
      }),
    );
    renderApp('/profile/bob');
    expect(await screen.findByRole('heading', { level: 1, name: 'bob' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(screen.getByText('Bob Builder')).toBeInTheDocument();
    expect(screen.getByText('Fixing things since 1999')).toBeInTheDocument();
    expect(screen.getByText('Irvine, United States')).toBeInTheDocument();
    expect(screen.getByText('Joined March 2025')).toBeInTheDocument();
    const website = screen.getByRole('link', { name: 'bob.example.com' });
    expect(website).toHaveAttribute('href', 'https://bob.example.com');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await statsOf()).toEqual(['1.1K Posts', '1.3M Followers', '999 Following']);
  });

  it.each([
    [999, '999'],
    [1000, '1K'],
    [1050, '1.1K'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [1_250_000, '1.3M'],
  ])('abbreviates %i followers as %s', async (count, shown) => {
    const user = makePublicUser({
      followersCount: count,
      stats: { postsCount: 0, followersCount: count, followingCount: 0 },
    });
    stubFetch(
      routeFetch({ 'GET /api/users/profile/bob': () => jsonResponse(user), 'GET /api/posts': noPosts }),
    );
    renderApp('/profile/bob');
    expect(await statsOf()).toContain(`${shown} Followers`);
  });

  it('shows the letter placeholder without a picture and the photo with one', async () => {
    const withPhoto = makePublicUser({
      profile: {
        ...makePublicUser().profile,
        profilePicture: { url: '/media/bob.webp', filename: 'bob.webp', uploadedAt: '' },
      },
    });
    stubFetch(
      routeFetch({ 'GET /api/users/profile/bob': () => jsonResponse(withPhoto), 'GET /api/posts': noPosts }),
    );
    renderApp('/profile/bob');
    expect(await screen.findByRole('img', { name: "Bob Builder's profile photo" })).toHaveAttribute(
      'src',
      '/media/bob.webp',
    );
  });
});

describe('ProfilePage errors', () => {
  it('shows "Profile Not Found" for a 404', async () => {
    stubFetch(
      routeFetch({
        'GET /api/users/profile/nobody': () =>
          jsonResponse({ message: 'User not found', code: 'NOT_FOUND' }, 404),
      }),
    );
    renderApp('/profile/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeInTheDocument();
    expect(screen.getByText('User not found')).toBeInTheDocument();
  });

  it('shows the generic message with Try Again for other failures', async () => {
    let calls = 0;
    stubFetch(
      routeFetch({
        'GET /api/users/profile/bob': () => {
          calls += 1;
          return calls === 1
            ? jsonResponse({ message: 'boom', code: 'INTERNAL' }, 500)
            : jsonResponse(makePublicUser());
        },
        'GET /api/posts': noPosts,
      }),
    );
    const { user } = renderApp('/profile/bob');
    expect(await screen.findByText('Failed to load profile. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'bob' })).toBeInTheDocument();
  });

  it('logs out and goes to /login on a 401', async () => {
    signIn();
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ALICE),
        'GET /api/users/profile/bob': () =>
          jsonResponse({ message: 'Token expired', code: 'TOKEN_EXPIRED' }, 401),
      }),
    );
    const { router } = renderApp('/profile/bob');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('ProfilePage actions and tabs', () => {
  it('Message opens the chat with the recipient', async () => {
    signIn();
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ALICE),
        'GET /api/users/profile/bob': () => jsonResponse(makePublicUser()),
        'GET /api/posts': noPosts,
        'GET /api/chats': () => jsonResponse([]),
      }),
    );
    const { router, user } = renderApp('/profile/bob');
    // The chat screen consumes ?userId and then drops it from the URL, so record every location
    // the router passes through rather than reading the final one.
    const visited: string[] = [];
    const unsubscribe = router.subscribe((state) =>
      visited.push(state.location.pathname + state.location.search),
    );
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    // The chat screen is its own lazy chunk; the location moves once it has loaded.
    await waitFor(() => expect(visited).toContain('/chat?userId=b0b0b0b0b0b0b0b0b0b0b0b0'), {
      timeout: 5000,
    });
    unsubscribe();
  });

  it('sends a visitor who presses Follow to /login', async () => {
    stubFetch(
      routeFetch({
        'GET /api/users/profile/bob': () => jsonResponse(makePublicUser()),
        'GET /api/posts': noPosts,
      }),
    );
    const { router, user } = renderApp('/profile/bob');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('follows optimistically and rolls back on failure', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ALICE),
        'GET /api/users/profile/bob': () =>
          jsonResponse(
            makePublicUser({
              followersCount: 999,
              stats: { postsCount: 0, followersCount: 999, followingCount: 0 },
            }),
          ),
        'GET /api/posts': noPosts,
        'POST /api/users/b0b0b0b0b0b0b0b0b0b0b0b0/follow': () =>
          new Promise<Response>((resolve) => (answer = resolve)),
      }),
    );
    const { user } = renderApp('/profile/bob');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(await statsOf()).toContain('1K Followers');
    answer(jsonResponse({ message: 'Internal server error', code: 'INTERNAL' }, 500));
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(await statsOf()).toContain('999 Followers');
  });

  it('loads 12 posts at a time behind "Load More Posts"', async () => {
    const first = Array.from({ length: 12 }, (_, i) => makePost({ title: `First ${i + 1}` }));
    const second = [makePost({ title: 'Second 1' })];
    const requests: URL[] = [];
    stubFetch(
      routeFetch({
        'GET /api/users/profile/bob': () => jsonResponse(makePublicUser()),
        'GET /api/posts': ({ url }) => {
          requests.push(url);
          return url.searchParams.get('page') === '2'
            ? jsonResponse(makePostList(second, { page: 2 }))
            : jsonResponse(makePostList(first, { hasNextPage: true }));
        },
      }),
    );
    const { user } = renderApp('/profile/bob');
    expect(await screen.findByRole('link', { name: 'First 12' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/posts\//),
    );
    expect(requests[0]?.searchParams.get('author')).toBe('b0b0b0b0b0b0b0b0b0b0b0b0');
    expect(requests[0]?.searchParams.get('limit')).toBe('12');
    expect(requests[0]?.searchParams.get('sort')).toBe('newest');
    await user.click(screen.getByRole('button', { name: 'Load More Posts' }));
    expect(await screen.findByRole('link', { name: 'Second 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Posts' })).not.toBeInTheDocument();
  });

  it('lists the member’s collections on Collections, and the posts they are tagged in on Tagged', async () => {
    signIn();
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ALICE),
        'GET /api/posts': noPosts,
        [`GET /api/users/${ALICE.id}/tagged`]: () =>
          jsonResponse(makePostList([makePost({ title: 'Tagged hike' })])),
        [`GET /api/users/${ALICE.id}/collections`]: () =>
          jsonResponse({
            collections: [
              {
                id: 'c1',
                _id: 'c1',
                ownerId: ALICE.id,
                title: 'Trips',
                description: '',
                isPrivate: true,
                postsCount: 2,
                cover: null,
              },
            ],
          }),
      }),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Collections' }));
    expect(screen.getByRole('tab', { name: 'Collections' })).toHaveAttribute('aria-selected', 'true');
    const tile = await screen.findByRole('link', { name: /Trips/ });
    expect(tile).toHaveAttribute('href', '/collections/c1');
    expect(tile).toHaveTextContent('2 posts · Private');
    await user.click(screen.getByRole('tab', { name: 'Tagged' }));
    expect(await screen.findByRole('link', { name: 'Tagged hike' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/posts\//),
    );
    expect(screen.getByRole('tab', { name: 'Collections' })).toHaveAttribute('aria-selected', 'false');
  });

  it('moves between tabs with the arrow keys', async () => {
    signIn();
    stubFetch(routeFetch({ 'GET /api/auth/me': () => jsonResponse(ALICE), 'GET /api/posts': noPosts }));
    const { user } = renderApp('/profile');
    const posts = await screen.findByRole('tab', { name: 'Posts' });
    posts.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Saved' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Liked' })).toHaveAttribute('aria-selected', 'true');
  });
});
