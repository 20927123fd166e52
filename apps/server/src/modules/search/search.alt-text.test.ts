import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post, SearchResponse, UploadMediaResponse } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { multipart, solidImage } from '../media/media.fixtures.js';
import { createPostViaApi } from '../posts/posts.fixtures.js';

/** Alt text is written per photo, answered on every image and found by the post search. */

let t: TestApp;
let author: SeededUser;
let post: Post;

beforeAll(async () => {
  t = await createTestApp();
  author = await seedUser(t);
  const body = multipart([{ data: await solidImage(320, 240) }, { data: await solidImage(300, 200) }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/posts/upload-media',
    headers: { ...author.auth, ...body.headers },
    payload: body.payload,
  });
  const [first, second] = res.json<UploadMediaResponse>().media;
  post = await createPostViaApi(t, author, {
    title: 'Saturday',
    content: 'Out early',
    media: {
      images: [
        { url: first!.url, altText: 'A heron standing in shallow water' },
        { url: second!.url, altText: '' },
      ],
    },
  });
  await createPostViaApi(t, author, { title: 'Sunday', content: 'Heavy rain' });
});
afterAll(async () => {
  await t.close();
});

async function searchPosts(q: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}&type=posts` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>().results.posts.map((p) => p.id);
}

describe('alt text', () => {
  it('is answered per image, in order', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` });
    const images = res.json<Post>().media.images;
    expect(images.map((i) => i.altText)).toEqual(['A heron standing in shallow water', '']);
  });

  it('is searched: a word of a photo’s alt text finds its post (stemmed, prefix too)', async () => {
    expect(await searchPosts('heron')).toEqual([post.id]);
    expect(await searchPosts('herons')).toEqual([post.id]);
    expect(await searchPosts('shallo')).toEqual([post.id]);
    expect(await searchPosts('rain')).not.toContain(post.id);
  });
});
