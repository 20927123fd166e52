import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_MSG, type Post, type PostDetail, type PostList } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { createPostViaApi, follow } from './posts.fixtures.js';

let t: TestApp;
let author: SeededUser;
let saver: SeededUser;
let other: SeededUser;
beforeAll(async () => {
  // Signed-in feed pages reuse kept post texts: the viewer's saved flag must still be their own.
  t = await createTestApp({ FEED_CACHE_MS: '10000' });
  author = await seedUser(t);
  saver = await seedUser(t);
  other = await seedUser(t);
});
afterAll(async () => {
  await t.close();
});

const save = (member: SeededUser | null, postId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/posts/${postId}/save`,
    headers: member?.auth ?? {},
    payload: {},
  });
const get = (url: string, member: SeededUser | null = null) =>
  t.app.inject({ method: 'GET', url, headers: member?.auth ?? {} });
const savedIds = async (member: SeededUser, query = '') =>
  (await get(`/api/users/me/saved${query}`, member)).json<PostList>().posts.map((p) => p.id);
const inFeed = async (member: SeededUser | null, postId: string, query = '?limit=50') =>
  (await get(`/api/posts${query}`, member)).json<PostList>().posts.find((p) => p.id === postId);

describe('POST /api/posts/{id}/save', () => {
  it('toggles, counts in the same transaction, and only the saver sees isSavedByUser', async () => {
    const post = await createPostViaApi(t, author);
    expect(post).toMatchObject({ savesCount: 0, isSavedByUser: false });
    // Keep the post's text in the signed-in cache before anyone saves it.
    expect(await inFeed(other, post.id)).toMatchObject({ isSavedByUser: false });

    const first = await save(saver, post.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ saved: true, savesCount: 1 });
    expect((await save(other, post.id)).json()).toEqual({ saved: true, savesCount: 2 });
    expect((await save(other, post.id)).json()).toEqual({ saved: false, savesCount: 1 });

    // The signed-in feed (kept texts), a filtered feed, the detail and signed out.
    expect(await inFeed(saver, post.id)).toMatchObject({ savesCount: 1, isSavedByUser: true });
    expect(await inFeed(other, post.id)).toMatchObject({ savesCount: 1, isSavedByUser: false });
    expect(await inFeed(saver, post.id, `?author=${author.id}`)).toMatchObject({ isSavedByUser: true });
    expect((await get(`/api/posts/${post.id}`, saver)).json<PostDetail>()).toMatchObject({
      savesCount: 1,
      isSavedByUser: true,
    });
    const signedOut = await inFeed(null, post.id);
    expect(signedOut).toMatchObject({ savesCount: 1, isSavedByUser: false });
    // Saves are private: no list of savers anywhere in a post.
    expect(JSON.stringify(signedOut)).not.toContain(saver.id);
  });

  it('needs a token and a post the member may see', async () => {
    const hidden = await createPostViaApi(t, author, { privacy: 'private' });
    expect((await save(null, hidden.id)).statusCode).toBe(401);
    const res = await save(saver, hidden.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(POST_MSG.notFound);
  });
});

describe('GET /api/users/me/saved', () => {
  it('lists the member’s own saves, newest save first, by cursor', async () => {
    const member = await seedUser(t);
    const posts: Post[] = [];
    for (let i = 0; i < 3; i++) posts.push(await createPostViaApi(t, author, { title: `Saved ${i}` }));
    for (const post of posts) expect((await save(member, post.id)).statusCode).toBe(200);
    expect(await savedIds(member)).toEqual(posts.map((p) => p.id).reverse());

    const page1 = (await get('/api/users/me/saved?limit=2', member)).json<PostList>();
    expect(page1.posts.map((p) => p.id)).toEqual([posts[2]!.id, posts[1]!.id]);
    expect(page1.posts.every((p) => p.isSavedByUser)).toBe(true);
    expect(page1.pagination.hasNextPage).toBe(true);
    const cursor = encodeURIComponent(page1.pagination.nextCursor!);
    expect(await savedIds(member, `?limit=2&cursor=${cursor}`)).toEqual([posts[0]!.id]);
    // Nobody else's list shows them.
    expect(await savedIds(other)).not.toContain(posts[0]!.id);
    expect((await get('/api/users/me/saved')).statusCode).toBe(401);
  });

  it('drops a saved post that becomes hidden from the member, and brings it back when it is not', async () => {
    const fan = await seedUser(t);
    await follow(t, fan, author);
    const post = await createPostViaApi(t, author);
    await save(fan, post.id);
    await save(saver, post.id);
    const setPrivacy = (privacy: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/posts/${post.id}`,
        headers: author.auth,
        payload: { privacy },
      });
    expect((await setPrivacy('followers')).statusCode).toBe(200);
    expect(await savedIds(fan)).toContain(post.id);
    expect(await savedIds(saver)).not.toContain(post.id);
    expect((await setPrivacy('public')).statusCode).toBe(200);
    expect(await savedIds(saver)).toContain(post.id);
    // A hidden post can still be unsaved.
    await setPrivacy('private');
    expect((await save(saver, post.id)).json()).toMatchObject({ saved: false });
  });

  it('deleting an account removes its saves and takes them off the counts', async () => {
    const leaving = await seedUser(t);
    const post = await createPostViaApi(t, author);
    await save(leaving, post.id);
    await save(saver, post.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: leaving.auth,
      payload: { password: 'secret123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/api/posts/${post.id}`, saver)).json<Post>()).toMatchObject({
      savesCount: 1,
      isSavedByUser: true,
    });
  });
});
