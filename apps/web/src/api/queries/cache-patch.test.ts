import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makePost } from '../../features/post/post-fixtures';
import { removePostFromCaches, updatePostInCaches } from './cache-patch';
import { updateFollowInCaches } from './follows';
import { postKeys } from './posts';

describe('updatePostInCaches', () => {
  it('patches every cached copy of the post and leaves the rest untouched', () => {
    const client = new QueryClient();
    const target = makePost({ likesCount: 1 });
    const other = makePost({ likesCount: 7 });
    const feed = { pages: [{ posts: [other, target], pagination: {} }], pageParams: [{ page: 1 }] };
    client.setQueryData(postKeys.list({ sort: 'newest' }), feed);
    client.setQueryData(postKeys.detail(target.id), target);
    client.setQueryData(['search', 'posts', 'sun'], { results: { posts: [target] } });

    updatePostInCaches(client, target.id, { likesCount: 2, isLikedByUser: true });

    const nextFeed = client.getQueryData<typeof feed>(postKeys.list({ sort: 'newest' }))!;
    expect(nextFeed.pages[0]!.posts[1]).toMatchObject({ likesCount: 2, isLikedByUser: true });
    expect(nextFeed.pages[0]!.posts[0]).toBe(other);
    expect(client.getQueryData(postKeys.detail(target.id))).toMatchObject({ likesCount: 2 });
    expect(
      client.getQueryData<{ results: { posts: unknown[] } }>(['search', 'posts', 'sun'])!.results.posts[0],
    ).toMatchObject({
      likesCount: 2,
    });
  });
});

describe('removePostFromCaches', () => {
  it('takes the post out of every cached list and keeps the other lists as they were', () => {
    const client = new QueryClient();
    const gone = makePost();
    const kept = makePost();
    const feed = { pages: [{ posts: [kept, gone], pagination: {} }], pageParams: [{ page: 1 }] };
    const untouched = { pages: [{ posts: [kept], pagination: {} }], pageParams: [{ page: 1 }] };
    client.setQueryData(postKeys.list({ sort: 'newest' }), feed);
    client.setQueryData(postKeys.list({ sort: 'trending' }), untouched);
    client.setQueryData(['search', 'posts', 'sun'], { results: { posts: [gone] } });

    removePostFromCaches(client, gone.id);

    const nextFeed = client.getQueryData<typeof feed>(postKeys.list({ sort: 'newest' }))!;
    expect(nextFeed.pages[0]!.posts).toEqual([kept]);
    expect(client.getQueryData(postKeys.list({ sort: 'trending' }))).toBe(untouched);
    expect(
      client.getQueryData<{ results: { posts: unknown[] } }>(['search', 'posts', 'sun'])!.results.posts,
    ).toEqual([]);
  });
});

describe('updateFollowInCaches', () => {
  it('updates post authors and profiles of that user, by delta or by the server’s count', () => {
    const client = new QueryClient();
    const post = makePost();
    const userId = post.author.id;
    client.setQueryData(postKeys.detail(post.id), post);
    client.setQueryData(['users', 'profile', 'bob'], {
      id: userId,
      username: 'bob',
      followersCount: 5,
      stats: { postsCount: 1, followersCount: 5, followingCount: 0 },
    });

    updateFollowInCaches(client, userId, { following: true, followersCount: { delta: 1 } });
    expect(client.getQueryData(postKeys.detail(post.id))).toMatchObject({
      author: { isFollowedByUser: true, followersCount: 6 },
    });
    expect(client.getQueryData(['users', 'profile', 'bob'])).toMatchObject({
      isFollowedByUser: true,
      followersCount: 6,
      stats: { followersCount: 6 },
    });

    updateFollowInCaches(client, userId, { following: true, followersCount: { set: 42 } });
    expect(client.getQueryData(['users', 'profile', 'bob'])).toMatchObject({ stats: { followersCount: 42 } });
  });
});
