import type { Post, PostList, PublicUser } from '@glimpse/shared';

/** Test data for the People screens: wire-shaped objects of API.md with overridable fields. */

let counter = 0;

/** A 24-character hex id, unique per call. */
export function nextId(): string {
  counter += 1;
  return counter.toString(16).padStart(24, '0');
}

export function makePublicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  const id = overrides.id ?? 'b0b0b0b0b0b0b0b0b0b0b0b0';
  return {
    id,
    _id: id,
    username: 'bob',
    profile: {
      displayName: 'Bob Builder',
      firstName: 'Bob',
      lastName: 'Builder',
      bio: 'Fixing things since 1999',
      location: 'Irvine, United States',
      website: 'https://bob.example.com',
      profilePicture: null,
      socialLinks: {},
    },
    account: { isVerified: true },
    stats: { postsCount: 1050, followersCount: 1_250_000, followingCount: 999 },
    followersCount: 1_250_000,
    isFollowedByUser: false,
    activity: { isOnline: false, lastActiveAt: null },
    isPrivate: false,
    createdAt: '2025-03-15T12:00:00.000Z',
    ...overrides,
  };
}

export function makePost(overrides: Partial<Post> = {}): Post {
  const id = overrides.id ?? nextId();
  return {
    id,
    _id: id,
    title: `Post ${id.slice(-4)}`,
    content: 'Some words about a photo.',
    excerpt: 'Some words about a photo.',
    category: 'Travel',
    tags: [],
    privacy: 'public',
    city: 'Irvine',
    location: null,
    media: { images: [] },
    taggedUsers: [],
    author: {
      id: 'b0b0b0b0b0b0b0b0b0b0b0b0',
      _id: 'b0b0b0b0b0b0b0b0b0b0b0b0',
      username: 'bob',
      profile: { displayName: 'Bob Builder', profilePicture: null },
      account: { isVerified: true },
      followersCount: 3,
      isFollowedByUser: false,
    },
    analytics: { views: 10, shares: 0 },
    engagement: { likes: [nextId()], comments: [], shares: [] },
    likesCount: 1,
    commentsCount: 0,
    sharesCount: 0,
    isLikedByUser: true,
    savesCount: 0,
    isSavedByUser: false,
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    editedAt: null,
    ...overrides,
  };
}

export function makePostList(posts: Post[], { hasNextPage = false, page = 1 } = {}): PostList {
  return {
    posts,
    pagination: { currentPage: page, hasNextPage, hasPrevPage: page > 1, nextCursor: null },
  };
}

type Handler = (request: { url: URL; method: string; body: unknown }) => Response | Promise<Response>;

/**
 * A fetch double that routes by "METHOD /path" (query ignored; the handler sees the URL).
 * Unrouted calls fail the test loudly instead of hanging on a pending promise.
 */
export function routeFetch(routes: Record<string, Handler>) {
  return async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected request: ${method} ${url.pathname}`);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    return handler({ url, method, body });
  };
}
