import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_MSG, type PostList, type TagStat } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { createPostViaApi } from './posts.fixtures.js';

let t: TestApp;
let author: SeededUser;
let other: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  author = await seedUser(t);
  other = await seedUser(t);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, member: SeededUser | null = null) =>
  t.app.inject({ method: 'GET', url, headers: member?.auth ?? {} });

describe('the tag page: GET /api/posts?tag= and GET /api/tags/{tag}', () => {
  it('lists the posts carrying the tag in any spelling, newest first, only what the viewer may see', async () => {
    const first = await createPostViaApi(t, author, { tags: ['Sunset', 'sea'] });
    const second = await createPostViaApi(t, author, { tags: ['sunset'] });
    const hidden = await createPostViaApi(t, author, { tags: ['SUNSET'], privacy: 'private' });
    // A tag that only contains the word is another tag.
    await createPostViaApi(t, author, { tags: ['sunsets'] });

    const ids = async (query: string, member: SeededUser | null = null) =>
      (await get(`/api/posts?${query}`, member)).json<PostList>().posts.map((p) => p.id);
    expect(await ids('tag=sunset')).toEqual([second.id, first.id]);
    expect(await ids(`tag=${encodeURIComponent('#SunSet')}`, other)).toEqual([second.id, first.id]);
    expect(await ids('tag=sunset', author)).toEqual([hidden.id, second.id, first.id]);
    // Pages by cursor like every feed.
    const page1 = (await get('/api/posts?tag=sunset&limit=1')).json<PostList>();
    expect(page1.posts.map((p) => p.id)).toEqual([second.id]);
    const cursor = encodeURIComponent(page1.pagination.nextCursor!);
    expect(await ids(`tag=sunset&limit=1&cursor=${cursor}`)).toEqual([first.id]);

    expect((await get('/api/tags/sunset')).json<TagStat>()).toEqual({ tag: 'sunset', count: 2 });
    expect((await get(`/api/tags/${encodeURIComponent('#Sunset')}`, author)).json<TagStat>()).toEqual({
      tag: 'Sunset',
      count: 3,
    });
    expect((await get('/api/tags/nothing_here')).json<TagStat>()).toEqual({ tag: 'nothing_here', count: 0 });
  });

  it('counts a #tag written in the caption as a tag of the post (create and edit)', async () => {
    const post = await createPostViaApi(t, author, { content: 'Dawn at the #quay_side', tags: ['dawn'] });
    expect(post.tags).toEqual(['dawn', 'quay_side']);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      headers: author.auth,
      payload: { content: 'Dusk at the #Harbour_Wall' },
    });
    expect(edited.json<{ post: { tags: string[] } }>().post.tags).toEqual([
      'dawn',
      'quay_side',
      'Harbour_Wall',
    ]);
    expect((await get('/api/tags/harbour_wall')).json<TagStat>().count).toBe(1);
  });

  it('treats LIKE wildcards as text and refuses an empty or overlong tag', async () => {
    const literal = await createPostViaApi(t, author, { tags: ['100%_real'] });
    await createPostViaApi(t, author, { tags: ['100xyreal'] });
    const res = await get(`/api/posts?tag=${encodeURIComponent('100%_real')}`);
    expect(res.json<PostList>().posts.map((p) => p.id)).toEqual([literal.id]);
    for (const bad of [encodeURIComponent('#'), 'x'.repeat(31)]) {
      const answer = await get(`/api/posts?tag=${bad}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(bad.length > 30 ? POST_MSG.tagTooLong : POST_MSG.tagRequired);
    }
  });
});
