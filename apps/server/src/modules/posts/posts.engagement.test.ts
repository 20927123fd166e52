import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG,
  POST_MSG,
  type Comment,
  type Pagination,
  type Post,
  type PostDetail,
  type PostList,
} from '@glimpse/shared';
import { comments, likes, posts, users } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { hotScoreOf } from './posts.hot.js';
import { createPostViaApi, follow } from './posts.fixtures.js';

let t: TestApp;
let author: SeededUser;
let member: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  author = await seedUser(t, { displayName: 'The Author' });
  member = await seedUser(t, { displayName: 'A Member' });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress });
const UNKNOWN_ID = '0'.repeat(24);

async function postRow(id: string) {
  const [row] = await t.database.db.select().from(posts).where(eq(posts.id, id));
  return row!;
}

describe('GET /api/posts/{id}', () => {
  it('answers the post, counts each viewer once, and moves the trending score with it', async () => {
    const p = await createPostViaApi(t, author);
    const before = await postRow(p.id);
    const first = await get(`/api/posts/${p.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json<Post>()).toMatchObject({
      id: p.id,
      analytics: { views: 1, shares: 0 },
      engagement: { comments: [] },
    });
    const second = await get(`/api/posts/${p.id}`, member.auth);
    expect(second.json<Post>().analytics.views).toBe(2);
    // The same viewers again (the member from anywhere, the visitor's address): no new views.
    for (let i = 0; i < 30; i++) {
      await get(`/api/posts/${p.id}`);
      await get(`/api/posts/${p.id}`, member.auth, `198.51.100.${i}`);
    }
    expect((await postRow(p.id)).viewsCount).toBe(2);
    expect((await get(`/api/posts/${p.id}`)).json<Post>().analytics.views).toBe(2);
    // Views weigh 0.1 and engagement below 1 counts as 1, so the score moves from the 11th view on.
    for (let i = 0; i < 11; i++) await get(`/api/posts/${p.id}`, {}, `203.0.113.${i}`);
    const after = await postRow(p.id);
    expect(after.viewsCount).toBe(13);
    expect(after.hotScore).toBeGreaterThan(before.hotScore);
    expect(after.hotScore).toBeCloseTo(
      hotScoreOf({ likes: 0, comments: 0, shares: 0, views: 13 }, after.createdAt),
      9,
    );
  });

  it('is 400 "Invalid post ID" for a malformed id and 404 "Post not found" for an unknown one', async () => {
    const bad = await get('/api/posts/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(POST_MSG.invalidPostId);
    const unknown = await get(`/api/posts/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Post not found', code: 'NOT_FOUND' });
  });

  it('carries the newest 50 comments oldest first; the comments call pages on from there', async () => {
    const p = await createPostViaApi(t, author);
    const base = Date.parse('2026-02-01T00:00:00Z');
    const rows = Array.from({ length: 55 }, (_, i) => ({
      id: newId(new Date(base + i * 1000)),
      postId: p.id,
      userId: i % 2 ? member.id : author.id,
      content: `comment ${i}`,
      createdAt: new Date(base + i * 1000),
    }));
    await t.database.db.insert(comments).values(rows);
    const detail = (await get(`/api/posts/${p.id}`)).json<PostDetail>();
    const shown = detail.engagement.comments;
    expect(shown.map((c) => c.content)).toEqual(rows.slice(5).map((r) => r.content));
    // comment 5 (odd) was written by the member.
    expect(shown[0]!.user).toEqual({
      id: member.id,
      _id: member.id,
      username: member.username,
      profile: { displayName: 'A Member', profilePicture: null },
    });

    const page2 = await get(`/api/posts/${p.id}/comments?page=2`);
    expect(page2.statusCode).toBe(200);
    const body = page2.json<{ comments: Comment[]; pagination: Pagination }>();
    expect(body.comments.map((c) => c.content)).toEqual([
      'comment 4',
      'comment 3',
      'comment 2',
      'comment 1',
      'comment 0',
    ]);
    expect(body.pagination).toMatchObject({ currentPage: 2, hasNextPage: false, hasPrevPage: true });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/posts/${p.id}/comments?limit=8${cursor ? `&cursor=${cursor}` : ''}`);
      const pageBody = res.json<{ comments: Comment[]; pagination: Pagination }>();
      seen.push(...pageBody.comments.map((c) => c.content));
      cursor = pageBody.pagination.nextCursor;
    } while (cursor);
    expect(seen).toEqual(rows.map((r) => r.content).reverse());
  });
});

describe('POST /api/posts/{id}/like', () => {
  it('toggles, answers { liked, likesCount }, and shows isLikedByUser to the liker only', async () => {
    const p = await createPostViaApi(t, author);
    const liked = await post(`/api/posts/${p.id}/like`, member.auth);
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ liked: true, likesCount: 1 });
    expect((await get(`/api/posts/${p.id}`, member.auth)).json<Post>()).toMatchObject({
      likesCount: 1,
      isLikedByUser: true,
    });
    expect((await get(`/api/posts/${p.id}`, author.auth)).json<Post>().isLikedByUser).toBe(false);
    expect((await get(`/api/posts/${p.id}`)).json<Post>().isLikedByUser).toBe(false);
    const unliked = await post(`/api/posts/${p.id}/like`, member.auth);
    expect(unliked.json()).toEqual({ liked: false, likesCount: 0 });
  });

  it('is 401 for a visitor, 400 for a malformed id, 404 for an unknown post', async () => {
    const p = await createPostViaApi(t, author);
    expect((await post(`/api/posts/${p.id}/like`, {})).statusCode).toBe(401);
    expect((await post('/api/posts/xyz/like', member.auth)).json()).toEqual({
      message: POST_MSG.invalidPostId,
      code: 'INVALID_ID',
    });
    expect((await post(`/api/posts/${UNKNOWN_ID}/like`, member.auth)).statusCode).toBe(404);
  });

  it('stays exact under 100 members liking at once, then all unliking at once', async () => {
    const p = await createPostViaApi(t, author);
    const likers = await Promise.all(Array.from({ length: 100 }, () => seedUser(t)));
    const toggleAll = () => Promise.all(likers.map((u) => post(`/api/posts/${p.id}/like`, u.auth)));
    const countLikes = async () =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(likes)
          .where(eq(likes.postId, p.id))
      )[0]!.n;

    const first = await toggleAll();
    expect(first.every((r) => r.statusCode === 200 && r.json().liked === true)).toBe(true);
    // Each answer saw its own increment: the counts returned are exactly 1..100.
    expect(first.map((r) => r.json().likesCount as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect((await postRow(p.id)).likesCount).toBe(100);
    expect(await countLikes()).toBe(100);

    const second = await toggleAll();
    expect(second.every((r) => r.json().liked === false)).toBe(true);
    const row = await postRow(p.id);
    expect(row.likesCount).toBe(0);
    expect(await countLikes()).toBe(0);
    expect(row.hotScore).toBeCloseTo(
      hotScoreOf({ likes: 0, comments: 0, shares: 0, views: 0 }, row.createdAt),
      9,
    );
  });

  it('keeps one like per member when the same member double-clicks', async () => {
    const p = await createPostViaApi(t, author);
    const results = await Promise.all([
      post(`/api/posts/${p.id}/like`, member.auth),
      post(`/api/posts/${p.id}/like`, member.auth),
    ]);
    const likedStates = results.map((r) => r.json().liked as boolean).sort();
    expect(likedStates).toEqual([false, true]);
    const row = await postRow(p.id);
    const [{ n }] = (await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .where(and(eq(likes.postId, p.id)))) as [{ n: number }];
    expect(row.likesCount).toBe(n);
  });
});

describe('POST /api/posts/{id}/comment', () => {
  it('adds a trimmed comment (201) with its author and the new count', async () => {
    const p = await createPostViaApi(t, author);
    const res = await post(`/api/posts/${p.id}/comment`, member.auth, { content: '  Lovely light!  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ comment: Comment; commentsCount: number }>();
    expect(body.commentsCount).toBe(1);
    expect(body.comment).toMatchObject({
      content: 'Lovely light!',
      user: {
        id: member.id,
        _id: member.id,
        username: member.username,
        profile: { displayName: 'A Member', profilePicture: null },
      },
    });
    expect(body.comment._id).toBe(body.comment.id);
    const again = await post(`/api/posts/${p.id}/comment`, author.auth, { content: 'Thanks' });
    expect(again.json().commentsCount).toBe(2);
    const detail = (await get(`/api/posts/${p.id}`)).json<PostDetail>();
    expect(detail.commentsCount).toBe(2);
    expect(detail.engagement.comments.map((c) => c.content)).toEqual(['Lovely light!', 'Thanks']);
  });

  it.each([
    ['no content', {}, MSG.commentRequired],
    ['empty content', { content: '' }, MSG.commentRequired],
    ['only spaces', { content: '   \n ' }, MSG.commentRequired],
    ['1001 characters', { content: 'x'.repeat(1001) }, POST_MSG.commentTooLong],
  ])('refuses %s (400)', async (_name, payload, message) => {
    const p = await createPostViaApi(t, author);
    const res = await post(`/api/posts/${p.id}/comment`, member.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION' });
    expect((await postRow(p.id)).commentsCount).toBe(0);
  });

  it('accepts exactly 1000 characters; visitors get 401 and unknown posts 404', async () => {
    const p = await createPostViaApi(t, author);
    expect(
      (await post(`/api/posts/${p.id}/comment`, member.auth, { content: 'y'.repeat(1000) })).statusCode,
    ).toBe(201);
    expect((await post(`/api/posts/${p.id}/comment`, {}, { content: 'hi' })).statusCode).toBe(401);
    expect((await post(`/api/posts/${UNKNOWN_ID}/comment`, member.auth, { content: 'hi' })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/posts/{id}/share', () => {
  it('records a repost by default and answers the count and the public link', async () => {
    const p = await createPostViaApi(t, author);
    const res = await post(`/api/posts/${p.id}/share`, member.auth, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sharesCount: 1, shareUrl: `http://glimpse.test/posts/${p.id}` });
    const twice = await post(`/api/posts/${p.id}/share`, member.auth, { shareType: 'twitter' });
    expect(twice.json().sharesCount).toBe(2);
    expect((await get(`/api/posts/${p.id}`)).json<Post>()).toMatchObject({
      sharesCount: 2,
      analytics: { shares: 2 },
    });
  });

  it('refuses an unknown shareType (400); visitors get 401', async () => {
    const p = await createPostViaApi(t, author);
    const res = await post(`/api/posts/${p.id}/share`, member.auth, { shareType: 'carrier-pigeon' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MSG.invalidShareType);
    expect((await post(`/api/posts/${p.id}/share`, {}, {})).statusCode).toBe(401);
  });

  it('falls back to the request’s own origin when no PUBLIC_ORIGIN is configured', async () => {
    // Behind a TLS-terminating proxy on loopback (inject's peer is 127.0.0.1).
    const bare = await createTestApp({ PUBLIC_ORIGIN: '', TRUST_PROXY: 'loopback' });
    try {
      const user = await seedUser(bare);
      const p = await createPostViaApi(bare, user);
      const res = await bare.app.inject({
        method: 'POST',
        url: `/api/posts/${p.id}/share`,
        headers: { ...user.auth, host: 'photos.example:8443', 'x-forwarded-proto': 'https' },
        payload: {},
      });
      expect(res.json().shareUrl).toBe(`https://photos.example:8443/posts/${p.id}`);
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/users/me/liked-posts', () => {
  it('lists liked posts newest like first, 12 a page, by page or cursor', async () => {
    const fan = await seedUser(t);
    const created: string[] = [];
    for (let i = 0; i < 14; i++)
      created.push((await createPostViaApi(t, author, { title: `liked ${i}` })).id);
    for (const id of created) await post(`/api/posts/${id}/like`, fan.auth);
    const expected = [...created].reverse();

    const first = (await get('/api/users/me/liked-posts', fan.auth)).json<PostList>();
    expect(first.posts.map((p) => p.id)).toEqual(expected.slice(0, 12));
    expect(first.posts.every((p) => p.isLikedByUser)).toBe(true);
    expect(first.pagination).toMatchObject({ currentPage: 1, hasNextPage: true });
    const byPage = (await get('/api/users/me/liked-posts?page=2', fan.auth)).json<PostList>();
    expect(byPage.posts.map((p) => p.id)).toEqual(expected.slice(12));
    const byCursor = (
      await get(`/api/users/me/liked-posts?cursor=${first.pagination.nextCursor}`, fan.auth)
    ).json<PostList>();
    expect(byCursor.posts.map((p) => p.id)).toEqual(expected.slice(12));

    await post(`/api/posts/${created[13]}/like`, fan.auth);
    const afterUnlike = (await get('/api/users/me/liked-posts?limit=50', fan.auth)).json<PostList>();
    expect(afterUnlike.posts.map((p) => p.id)).toEqual(expected.slice(1));
  });

  it('requires a token (401) and refuses a bad sort (400)', async () => {
    expect((await get('/api/users/me/liked-posts')).statusCode).toBe(401);
    expect((await get('/api/users/me/liked-posts?sort=oldest', member.auth)).statusCode).toBe(400);
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('lets the author delete, keeping posts_count in step', async () => {
    const writer = await seedUser(t);
    const p = await createPostViaApi(t, writer);
    const countOf = async () =>
      (await t.database.db.select({ n: users.postsCount }).from(users).where(eq(users.id, writer.id)))[0]!.n;
    expect(await countOf()).toBe(1);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/posts/${p.id}`, headers: writer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: POST_MSG.deleted });
    expect(await countOf()).toBe(0);
    expect((await get(`/api/posts/${p.id}`)).statusCode).toBe(404);
  });

  it('refuses other members (403), lets moderators delete, and is 401 for visitors', async () => {
    const writer = await seedUser(t);
    const moderator = await seedUser(t, { isModerator: true });
    const p = await createPostViaApi(t, writer);
    const del = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/posts/${p.id}`, headers });
    expect((await del({})).statusCode).toBe(401);
    const other = await del(member.auth);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(POST_MSG.notAllowedToDelete);
    expect((await del(moderator.auth)).statusCode).toBe(200);
    expect((await del(moderator.auth)).statusCode).toBe(404);
  });
});

describe('followed authors', () => {
  it('marks author.isFollowedByUser for the viewer who follows them', async () => {
    const reader = await seedUser(t);
    const p = await createPostViaApi(t, author);
    expect((await get(`/api/posts/${p.id}`, reader.auth)).json<Post>().author.isFollowedByUser).toBe(false);
    await follow(t, reader, author);
    const after = (await get(`/api/posts/${p.id}`, reader.auth)).json<Post>();
    expect(after.author).toMatchObject({ isFollowedByUser: true, followersCount: 1 });
  });
});
