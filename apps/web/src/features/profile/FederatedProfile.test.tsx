import type { PublicConfig, SearchResponse } from '@glimpse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  makeSelfUser,
  makeToken,
  renderApp,
  renderWithProviders,
  stubFetch,
} from '../../test/render';
import { CommentList } from '../post/CommentList';
import { PostCard } from '../post/PostCard';
import { callsTo, makeComment, makePost as makeCardPost, stubApi } from '../post/post-fixtures';
import { makePostList, makePublicUser, routeFetch } from './test-fixtures';

/** Federation as members see it (issue 32): own handle, remote profiles, where remote things come from. */

const ALICE = makeSelfUser();
const REMOTE_ID = 'a7a7a7a7a7a7a7a7a7a7a7a7';
const AVA = makePublicUser({
  id: REMOTE_ID,
  _id: REMOTE_ID,
  username: 'ava@pixelfed.social',
  profile: {
    displayName: 'Ava Lens',
    firstName: '',
    lastName: '',
    bio: 'Film photos from the coast.',
    location: '',
    website: '',
    profilePicture: null,
    socialLinks: {},
  },
  account: { isVerified: false },
  stats: { postsCount: 0, followersCount: 3, followingCount: 0 },
  followersCount: 3,
  remoteProfileUrl: 'https://pixelfed.social/ava',
});
/** The profile call as the app makes it (the username percent-encoded). */
const AVA_PROFILE = 'GET /api/users/profile/ava%40pixelfed.social';

function config(federationHandleHost: string | null): PublicConfig {
  return { geocoderUrl: '', mailDomain: 'gmail.com', passwordResetByEmail: false, federationHandleHost };
}

function signIn() {
  window.localStorage.setItem('token', makeToken({ userId: ALICE.id, username: ALICE.username }));
}

const noPosts = () => jsonResponse(makePostList([]));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a member's own profile: their federated handle", () => {
  it('shows @username@host with a Copy button that copies it, while the server federates', async () => {
    signIn();
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ALICE),
        'GET /api/posts': noPosts,
        'GET /api/config': () => jsonResponse(config('photos.example:8443')),
      }),
    );
    const { user } = renderApp('/profile');
    // After renderApp: user-event's setup puts a clipboard of its own on navigator.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await screen.findByText('@alice@photos.example:8443')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy your handle @alice@photos.example:8443' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('@alice@photos.example:8443'));
    expect(await screen.findByText('Handle copied')).toBeInTheDocument();
  });

  it('shows no handle while federation is off', async () => {
    signIn();
    let asked = false;
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ALICE),
        'GET /api/posts': noPosts,
        'GET /api/config': () => {
          asked = true;
          return jsonResponse(config(null));
        },
      }),
    );
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'alice' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('button', { name: /Copy your handle/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/@alice@/)).not.toBeInTheDocument();
  });

  it("is not shown on someone else's profile", async () => {
    signIn();
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ALICE),
        'GET /api/users/profile/bob': () => jsonResponse(makePublicUser()),
        'GET /api/posts': noPosts,
        'GET /api/config': () => jsonResponse(config('photos.example')),
      }),
    );
    renderApp('/profile/bob');
    expect(await screen.findByRole('heading', { level: 1, name: 'bob' })).toBeInTheDocument();
    expect(screen.queryByText('@bob@photos.example')).not.toBeInTheDocument();
  });
});

describe('the profile of an account of another server', () => {
  it('shows its handle and server (linking to its page there), Posts only, and no Message', async () => {
    signIn();
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ALICE),
        [AVA_PROFILE]: () => jsonResponse(AVA),
        'GET /api/posts': noPosts,
      }),
    );
    renderApp('/profile/ava@pixelfed.social');
    expect(await screen.findByRole('heading', { level: 1, name: 'ava' })).toBeInTheDocument();
    expect(screen.getByText('@ava@pixelfed.social')).toBeInTheDocument();
    const origin = screen.getByRole('link', { name: 'on pixelfed.social' });
    expect(origin).toHaveAttribute('href', 'https://pixelfed.social/ava');
    expect(origin).toHaveAttribute('target', '_blank');
    expect(origin).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText('Ava Lens')).toBeInTheDocument();
    expect(screen.getByText('Film photos from the coast.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Posts']);
    expect(await screen.findByText('No posts here yet')).toBeInTheDocument();
  });

  it('follows as a request: "Requested" at once and after the answer, until its server accepts', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ALICE),
        [AVA_PROFILE]: () => jsonResponse(AVA),
        'GET /api/posts': noPosts,
        [`POST /api/users/${REMOTE_ID}/follow`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      }),
    );
    const { user } = renderApp('/profile/ava@pixelfed.social');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    // Optimistic: a request, not a follow (no follower counted).
    expect(await screen.findByRole('button', { name: 'Requested' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('list', { name: 'Profile stats' })).toHaveTextContent('3 Followers');
    answer(jsonResponse({ following: false, requested: true, followersCount: 3 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Requested' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Following' })).not.toBeInTheDocument();
  });

  it('shows "Requested" for a follow still waiting (follow-status requested: true)', async () => {
    signIn();
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ALICE),
        [AVA_PROFILE]: () => jsonResponse({ ...AVA, isFollowRequested: true }),
        'GET /api/posts': noPosts,
      }),
    );
    renderApp('/profile/ava@pixelfed.social');
    expect(await screen.findByRole('button', { name: 'Requested' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers to search for an account nobody here knows yet', async () => {
    stubFetch(
      routeFetch({
        'GET /api/users/profile/zed%40mastodon.social': () =>
          jsonResponse({ message: 'User not found', code: 'NOT_FOUND' }, 404),
      }),
    );
    renderApp('/profile/zed@mastodon.social');
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for @zed@mastodon.social' })).toHaveAttribute(
      'href',
      '/search?q=%40zed%40mastodon.social&type=users',
    );
  });
});

describe('where posts and comments of other servers come from', () => {
  const remoteAuthor = {
    id: REMOTE_ID,
    _id: REMOTE_ID,
    username: 'ava@pixelfed.social',
    profile: { displayName: 'Ava Lens', profilePicture: null },
    account: { isVerified: false },
  };

  it('a card shows the host on its date line, and links the profile with a readable @', () => {
    stubApi({});
    renderWithProviders(
      <PostCard post={makeCardPost({ author: { ...makeCardPost().author, ...remoteAuthor } })} />,
    );
    expect(screen.getByRole('link', { name: 'Ava Lens' })).toHaveAttribute(
      'href',
      '/profile/ava@pixelfed.social',
    );
    expect(screen.getByTitle('From pixelfed.social')).toHaveTextContent('pixelfed.social');
  });

  it('a post page shows the full handle, and its Follow turns to "Requested" (not "Following")', async () => {
    signIn();
    const ID = 'e0e0e0e0e0e0e0e0e0e0e0e0';
    const post = makeCardPost({ id: ID, _id: ID, author: { ...makeCardPost().author, ...remoteAuthor } });
    let answer: (response: Response) => void = () => {};
    const mock = stubApi({
      [`GET /api/posts/${ID}`]: () => jsonResponse({ ...post, engagement: { comments: [] } }),
      [`POST /api/users/${REMOTE_ID}/follow`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderApp(`/posts/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('@ava@pixelfed.social')).toBeInTheDocument();
    await user.click(within(main).getByRole('button', { name: 'Follow' }));
    expect(await within(main).findByRole('button', { name: 'Requested' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    answer(jsonResponse({ following: false, requested: true, followersCount: 0 }));
    await waitFor(() => expect(callsTo(mock, `POST /api/users/${REMOTE_ID}/follow`)).toHaveLength(1));
    await waitFor(() => expect(within(main).getByRole('button', { name: 'Requested' })).toBeInTheDocument());
    expect(within(main).queryByRole('button', { name: 'Following' })).not.toBeInTheDocument();
  });

  it("a local member's card shows no host", () => {
    stubApi({});
    renderWithProviders(<PostCard post={makeCardPost()} />);
    expect(screen.queryByTitle(/^From /)).not.toBeInTheDocument();
  });

  it('a comment by an account of another server shows its host beside the name', () => {
    stubApi({});
    renderWithProviders(
      <CommentList
        comments={[
          makeComment({ user: { ...makeComment().user, ...remoteAuthor }, content: 'Lovely light' }),
          makeComment({ content: 'Local words' }),
        ]}
        postId="p1"
        postAuthorId="someone"
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByTitle('From pixelfed.social')).toHaveTextContent('pixelfed.social');
    expect(within(items[1]!).queryByTitle(/^From /)).not.toBeInTheDocument();
  });

  it('search lists an account found by @user@host like any person, with its server', async () => {
    const answer: SearchResponse = {
      query: '@ava@pixelfed.social',
      type: 'users',
      results: { posts: [], users: [AVA], tags: [], places: [] },
      pagination: { currentPage: 1, hasNextPage: false, hasPrevPage: false, nextCursor: null },
    };
    const asked: string[] = [];
    stubFetch(
      routeFetch({
        'GET /api/search': ({ url }) => {
          asked.push(url.searchParams.get('q') ?? '');
          return jsonResponse(answer);
        },
      }),
    );
    renderApp('/search?q=%40ava%40pixelfed.social&type=users');
    const name = await screen.findByRole('link', { name: 'Ava Lens' });
    expect(name).toHaveAttribute('href', '/profile/ava@pixelfed.social');
    const result = name.closest('article')!;
    expect(within(result as HTMLElement).getByText('@ava@pixelfed.social')).toBeInTheDocument();
    expect(result).toHaveTextContent('3 followers · on pixelfed.social');
    expect(asked[0]).toBe('@ava@pixelfed.social');
  });
});
