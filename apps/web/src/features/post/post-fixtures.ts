import type { Comment, Post, PostImage } from '@glimpse/shared';
import { vi } from 'vitest';
import { jsonResponse, makeSelfUser } from '../../test/render';

/**
 * Test data for posts, shared by the post, feed, profile and search tests. Ids are 24-hex like
 * the server's. Not imported by app code.
 */

let counter = 0;
function nextId(): string {
  counter += 1;
  return counter.toString(16).padStart(24, '0');
}

export function makeImage(overrides: Partial<PostImage> = {}): PostImage {
  const n = nextId();
  return {
    url: `/media/${n}.webp`,
    altText: '',
    caption: '',
    width: 1080,
    height: 1350,
    placeholder: null,
    variants: [
      { width: 320, url: `/media/${n}-w320.webp` },
      { width: 640, url: `/media/${n}-w640.webp` },
    ],
    ...overrides,
  };
}

export const AUTHOR_ID = 'b0b0b0b0b0b0b0b0b0b0b0b0';

/** `n` fresh ids: engagement arrays are as long as their counts, as the server sends them. */
function idList(n: number): string[] {
  return Array.from({ length: n }, () => nextId());
}

export function makePost(overrides: Partial<Post> = {}): Post {
  const id = overrides.id ?? nextId();
  return {
    id,
    _id: id,
    title: 'Sunset at the pier',
    content: 'The light over the water was unreal tonight.',
    excerpt: 'The light over the water was unreal tonight.',
    category: 'Travel',
    tags: ['sunset', 'pier'],
    privacy: 'public',
    city: 'Irvine',
    location: null,
    media: { images: [makeImage()] },
    taggedUsers: [],
    author: {
      id: AUTHOR_ID,
      _id: AUTHOR_ID,
      username: 'bob',
      profile: { displayName: 'Bob Builder', profilePicture: null },
      account: { isVerified: false },
      followersCount: 5,
      isFollowedByUser: false,
    },
    analytics: { views: 120, shares: 2 },
    engagement: { likes: idList(12), comments: idList(1), shares: idList(2) },
    likesCount: 12,
    commentsCount: 1,
    sharesCount: 2,
    isLikedByUser: false,
    savesCount: 0,
    isSavedByUser: false,
    createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    updatedAt: new Date().toISOString(),
    editedAt: null,
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  const id = overrides.id ?? nextId();
  return {
    id,
    _id: id,
    content: 'Gorgeous!',
    createdAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
    editedAt: null,
    user: {
      id: 'c0c0c0c0c0c0c0c0c0c0c0c0',
      _id: 'c0c0c0c0c0c0c0c0c0c0c0c0',
      username: 'carol',
      profile: { displayName: 'Carol', profilePicture: null },
    },
    ...overrides,
  };
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed "METHOD /path" (path without the query). GET /api/auth/me
 * answers with the signed-in test user unless a handler overrides it; anything else unhandled
 * fails the request with a 500 so a test sees it.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const handler = handlers[key];
    if (handler) return handler(url, init);
    if (key === 'GET /api/auth/me') return jsonResponse(makeSelfUser());
    return jsonResponse({ message: `Unhandled ${key}`, code: 'TEST' }, 500);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Calls of the stub to one "METHOD /path". */
export function callsTo(mock: ReturnType<typeof stubApi>, key: string) {
  return mock.mock.calls.filter(([input, init]) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    return `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}` === key;
  });
}
