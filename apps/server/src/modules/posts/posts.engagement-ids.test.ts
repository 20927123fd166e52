import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, Post, PostDetail, PostList, SearchResponse } from '@glimpse/shared';
import { comments, shares } from '../../db/schema/index.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { createPostViaApi, follow } from './posts.fixtures.js';

/** SPEC §3: engagement.likes[], comments[], shares[] on every post of every list and detail. */

let t: TestApp;
let author: SeededUser;
let fans: SeededUser[];
const posts: Post[] = [];

beforeAll(async () => {
  t = await createTestApp();
  author = await seedUser(t, { username: 'engaged_author', displayName: 'Engaged Author' });
  fans = await Promise.all([1, 2, 3].map(() => seedUser(t)));
  for (const [i, tag] of ['lantern', 'harbor', 'meadow'].entries()) {
    posts.push(
      await createPostViaApi(t, author, {
        title: `Evening ${tag}`,
        content: `Light over the ${tag}`,
        tags: [tag],
        location: { name: 'Old Harbor', address: { city: 'Irvine' } },
        category: i === 0 ? 'Food' : 'Travel',
      }),
    );
  }
  // Post 0: three likes, two comments, two shares; post 1: one of each; post 2: nothing.
  const act = (user: SeededUser, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: user.auth, payload });
  for (const fan of fans) await act(fan, `/api/posts/${posts[0]!.id}/like`);
  await act(fans[0]!, `/api/posts/${posts[0]!.id}/comment`, { content: 'first' });
  await act(fans[1]!, `/api/posts/${posts[0]!.id}/comment`, { content: 'second' });
  await act(fans[0]!, `/api/posts/${posts[0]!.id}/share`, { shareType: 'link' });
  await act(fans[0]!, `/api/posts/${posts[0]!.id}/share`, { shareType: 'repost' });
  await act(fans[2]!, `/api/posts/${posts[1]!.id}/like`);
  await act(fans[2]!, `/api/posts/${posts[1]!.id}/comment`, { content: 'nice' });
  await act(fans[2]!, `/api/posts/${posts[1]!.id}/share`);
  await follow(t, fans[0]!, author);
  await act(fans[0]!, `/api/posts/${posts[1]!.id}/like`);
});
afterAll(async () => {
  await t.close();
});

/** The ids the database holds for a post: likers, comment ids, share ids. */
async function idsOf(postId: string) {
  const db = t.database.db;
  const [c, s] = await Promise.all([
    db.select({ id: comments.id }).from(comments).where(eq(comments.postId, postId)),
    db.select({ id: shares.id }).from(shares).where(eq(shares.postId, postId)),
  ]);
  return { comments: c.map((r) => r.id).sort(), shares: s.map((r) => r.id).sort() };
}

const likersOf: Record<number, () => string[]> = {
  0: () => fans.map((f) => f.id).sort(),
  1: () => [fans[2]!.id, fans[0]!.id].sort(),
  2: () => [],
};

async function expectEngagement(where: string, list: Post[]) {
  expect(list.length, where).toBeGreaterThan(0);
  for (const post of list) {
    const { likes, comments: commentIds, shares: shareIds } = post.engagement;
    expect(likes, `${where}: likes of ${post.title}`).toHaveLength(post.likesCount);
    expect(commentIds, where).toHaveLength(post.commentsCount);
    expect(shareIds, where).toHaveLength(post.sharesCount);
    const index = posts.findIndex((p) => p.id === post.id);
    if (index < 0) continue;
    const db = await idsOf(post.id);
    expect([...likes].sort(), where).toEqual(likersOf[index]!());
    expect([...commentIds].sort(), where).toEqual(db.comments);
    expect([...shareIds].sort(), where).toEqual(db.shares);
  }
}

const getJson = async <T>(url: string, user?: SeededUser): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: user?.auth });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};

describe('engagement ids', () => {
  it('are on every post of every feed, with lengths equal to the counts', async () => {
    expect((await getJson<PostList>('/api/posts')).posts[0]!.engagement.likes).toBeDefined();
    for (const url of [
      '/api/posts',
      '/api/posts?sort=trending',
      '/api/posts?category=Food',
      `/api/posts?author=${author.id}`,
      '/api/posts?city=irvine',
      '/api/posts?search=light',
      '/api/posts?limit=1&page=2',
    ]) {
      await expectEngagement(url, (await getJson<PostList>(url)).posts);
    }
    await expectEngagement(
      'following',
      (await getJson<PostList>('/api/posts?following=true', fans[0])).posts,
    );
    const first = await getJson<PostList>('/api/posts?limit=1');
    await expectEngagement(
      'cursor',
      (await getJson<PostList>(`/api/posts?limit=2&cursor=${first.pagination.nextCursor}`)).posts,
    );
  });

  it('are on liked posts, search results of every type and the create answer', async () => {
    await expectEngagement('liked', (await getJson<PostList>('/api/users/me/liked-posts', fans[0])).posts);
    for (const [type, q] of [
      ['all', 'light'],
      ['posts', 'light'],
      ['users', 'engaged_author'],
      ['tags', 'lantern'],
      ['places', 'irvine'],
    ]) {
      await expectEngagement(
        `search ${type}`,
        (await getJson<SearchResponse>(`/api/search?q=${q}&type=${type}`)).results.posts,
      );
    }
    expect(posts[2]!.engagement).toEqual({ likes: [], comments: [], shares: [] });
  });

  it('on the detail: ids for likes and shares, the Comment objects for comments', async () => {
    const detail = await getJson<PostDetail>(`/api/posts/${posts[0]!.id}`, fans[1]);
    expect([...detail.engagement.likes].sort()).toEqual(likersOf[0]!());
    expect(detail.engagement.shares).toHaveLength(2);
    expect(detail.engagement.comments).toHaveLength(detail.commentsCount);
    expect(detail.engagement.comments.map((c: Comment) => c.content)).toEqual(['first', 'second']);
    expect(detail.engagement.comments.map((c) => c.id).sort()).toEqual((await idsOf(posts[0]!.id)).comments);
  });
});
