import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, POST_MSG, type Post, type UploadedMedia } from '@glimpse/shared';
import { mediaUploads, postMedia, users } from '../../db/schema/index.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { multipart, solidImage } from '../media/media.fixtures.js';
import { createPostViaApi } from './posts.fixtures.js';

let t: TestApp;
let author: SeededUser;
let other: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  author = await seedUser(t, { displayName: 'Ana Author' });
  other = await seedUser(t);
});
afterAll(async () => {
  await t.close();
});

const create = (payload: unknown, headers: Record<string, string> = author.auth) =>
  t.app.inject({ method: 'POST', url: '/api/posts', headers, payload: payload as object });
const valid = { title: 'Sunset', content: 'Golden hour at the pier', category: 'Travel' };

async function uploadAs(user: SeededUser, count = 1): Promise<UploadedMedia[]> {
  const files = await Promise.all(Array.from({ length: count }, (_, i) => solidImage(200 + i, 100)));
  const body = multipart(files.map((data) => ({ data })));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/posts/upload-media',
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ media: UploadedMedia[] }>().media;
}

describe('POST /api/posts', () => {
  it('creates a post (201) in the API.md shape and counts it on the author', async () => {
    const res = await create({ ...valid, tags: ['sea', 'sun'], privacy: 'followers' });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ message: string; post: Post }>();
    expect(body.message).toBe('Post created successfully');
    const { post } = body;
    expect(post).toMatchObject({
      title: 'Sunset',
      content: 'Golden hour at the pier',
      excerpt: 'Golden hour at the pier',
      category: 'Travel',
      tags: ['sea', 'sun'],
      privacy: 'followers',
      city: null,
      location: null,
      media: { images: [] },
      analytics: { views: 0, shares: 0 },
      likesCount: 0,
      commentsCount: 0,
      sharesCount: 0,
      isLikedByUser: false,
    });
    expect(post._id).toBe(post.id);
    expect(post.author).toEqual({
      id: author.id,
      _id: author.id,
      username: author.username,
      profile: { displayName: 'Ana Author', profilePicture: null },
      account: { isVerified: false },
      followersCount: 0,
      isFollowedByUser: false,
    });
    expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
    const [row] = await t.database.db
      .select({ postsCount: users.postsCount })
      .from(users)
      .where(eq(users.id, author.id));
    expect(row!.postsCount).toBe(1);
  });

  it('makes the excerpt from the first 100 characters plus an ellipsis', async () => {
    const post = await createPostViaApi(t, author, { content: 'x'.repeat(150) });
    expect(post.excerpt).toBe(`${'x'.repeat(100)}…`);
  });

  it.each([
    [{ content: 'c', category: 'Travel' }],
    [{ title: '   ', content: 'c', category: 'Travel' }],
    [{ title: 't', category: 'Travel' }],
    [{ title: 't', content: '', category: 'Travel' }],
    [{ title: 't', content: 'c' }],
    [{ title: 't', content: 'c', category: ' ' }],
    [{}],
  ])('refuses %j with the required-fields message', async (payload) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.postRequired, code: 'VALIDATION' });
  });

  it.each([
    ['a 201-character title', { title: 'x'.repeat(201) }, POST_MSG.titleTooLong],
    ['5001 characters of content', { content: 'x'.repeat(5001) }, POST_MSG.contentTooLong],
    ['an unknown category', { category: 'Cooking' }, POST_MSG.invalidCategory],
    ['an unknown privacy', { privacy: 'secret' }, POST_MSG.invalidPrivacy],
    ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, POST_MSG.tooManyTags],
    ['a 31-character tag', { tags: ['y'.repeat(31)] }, POST_MSG.tagTooLong],
    [
      '6 images',
      { media: { images: Array.from({ length: 6 }, (_, i) => ({ url: `/media/${i}` })) } },
      POST_MSG.tooManyImages,
    ],
    [
      'latitude 91',
      { location: { name: 'Irvine', coordinates: { latitude: 91, longitude: 0 } } },
      'Latitude must be between -90 and 90',
    ],
  ])('refuses %s (400)', async (_name, extra, message) => {
    const res = await create({ ...valid, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts the limits exactly', async () => {
    const res = await create({
      title: 'x'.repeat(200),
      content: 'y'.repeat(5000),
      category: 'Food',
      tags: Array.from({ length: 20 }, (_, i) => `${'t'.repeat(28)}${String(i).padStart(2, '0')}`),
    });
    expect(res.statusCode).toBe(201);
  });

  it('normalises tags: trimmed, empties dropped, duplicates removed case-insensitively; a comma string works too', async () => {
    const fromArray = await createPostViaApi(t, author, {
      tags: [' Beach ', '', 'beach', 'BEACH', 'sand', '  '],
    });
    expect(fromArray.tags).toEqual(['Beach', 'sand']);
    const fromString = await createPostViaApi(t, author, { tags: 'a, b,,A , c ' });
    expect(fromString.tags).toEqual(['a', 'b', 'c']);
  });

  it('accepts the category in any case and stores its canonical spelling; privacy defaults to public', async () => {
    const post = await createPostViaApi(t, author, { category: 'technology' });
    expect(post.category).toBe('Technology');
    expect(post.privacy).toBe('public');
  });

  it('takes the city from the address, else from the manual location name', async () => {
    const geocoded = await createPostViaApi(t, author, {
      location: {
        name: 'Pier',
        coordinates: { latitude: 33.6, longitude: -117.9 },
        address: { city: 'Newport Beach', country: 'USA' },
      },
    });
    expect(geocoded.city).toBe('Newport Beach');
    expect(geocoded.location).toEqual({
      name: 'Pier',
      coordinates: { latitude: 33.6, longitude: -117.9 },
      address: { street: '', city: 'Newport Beach', state: '', country: 'USA', zipCode: '' },
    });
    const manual = await createPostViaApi(t, author, { location: { name: 'Irvine', coordinates: null } });
    expect(manual.city).toBe('Irvine');
    expect(manual.location?.coordinates).toBeNull();
    // A typed place keeps its whole name, and its first part is the city Explore filters by.
    const typed = await createPostViaApi(t, author, { location: { name: 'Irvine, CA', coordinates: null } });
    expect(typed.city).toBe('Irvine');
    expect(typed.location?.name).toBe('Irvine, CA');
  });

  it('gives each image a display-sized url and keeps the original as the widest variant', async () => {
    const body = multipart([{ data: await solidImage(2000, 1000) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts/upload-media',
      headers: { ...author.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const [upload] = res.json<{ media: UploadedMedia[] }>().media;
    const byWidth = new Map(upload!.variants.map((v) => [v.width, v.url]));
    expect([...byWidth.keys()].sort((a, b) => a - b)).toEqual([320, 640, 1080, 2000]);

    const post = await createPostViaApi(t, author, { media: { images: [{ url: upload!.url }] } });
    const [image] = post.media.images;
    expect(image!.url).toBe(byWidth.get(1080));
    expect(image!.variants.map((v) => v.width)).toEqual([320, 640, 1080, 2000]);
    expect(image!.variants.at(-1)!.url).toBe(upload!.url);

    const feed = await t.app.inject({ method: 'GET', url: '/api/posts?limit=50' });
    const listed = feed.json<{ posts: Post[] }>().posts.find((p) => p.id === post.id);
    expect(listed?.media.images[0]?.url).toBe(byWidth.get(1080));
  });

  it('attaches the caller’s uploads in order, with alt text, captions, sizes and variants', async () => {
    const media = await uploadAs(author, 2);
    const post = await createPostViaApi(t, author, {
      media: { images: [{ url: media[1]!.url, altText: 'second', caption: 'Two' }, { url: media[0]!.url }] },
    });
    expect(post.media.images).toEqual([
      { ...media[1], altText: 'second', caption: 'Two' },
      { ...media[0], altText: '', caption: '' },
    ]);
    const uploads = await t.database.db.select().from(mediaUploads).where(eq(mediaUploads.postId, post.id));
    expect(uploads).toHaveLength(2);
  });

  it('refuses another member’s upload, an already attached upload, and a made-up URL, creating nothing', async () => {
    const [theirs] = await uploadAs(other);
    const [mine] = await uploadAs(author);
    const before = await t.database.db.select().from(postMedia);
    const [{ postsCount: countBefore }] = (await t.database.db
      .select({ postsCount: users.postsCount })
      .from(users)
      .where(eq(users.id, author.id))) as [{ postsCount: number }];

    const stolen = await create({ ...valid, media: { images: [{ url: theirs!.url }] } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(POST_MSG.imageNotUploaded);

    const mixed = await create({
      ...valid,
      media: { images: [{ url: mine!.url }, { url: '/media/made-up.webp' }] },
    });
    expect(mixed.statusCode).toBe(400);
    // The failed post released nothing and attached nothing: the upload is still usable.
    const ok = await create({ ...valid, media: { images: [{ url: mine!.url }] } });
    expect(ok.statusCode).toBe(201);
    const reuse = await create({ ...valid, media: { images: [{ url: mine!.url }] } });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(POST_MSG.imageNotUploaded);

    expect(await t.database.db.select().from(postMedia)).toHaveLength(before.length + 1);
    const [{ postsCount }] = (await t.database.db
      .select({ postsCount: users.postsCount })
      .from(users)
      .where(eq(users.id, author.id))) as [{ postsCount: number }];
    expect(postsCount).toBe(countBefore + 1);
  });

  it('lets the same picture be uploaded again and used in a second post (content-addressed URLs)', async () => {
    const data = await solidImage(120, 90);
    const up = async () => {
      const body = multipart([{ data }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/posts/upload-media',
        headers: { ...author.auth, ...body.headers },
        payload: body.payload,
      });
      return res.json<{ media: UploadedMedia[] }>().media[0]!;
    };
    const first = await up();
    await createPostViaApi(t, author, { media: { images: [{ url: first.url }] } });
    const second = await up();
    expect(second.url).toBe(first.url);
    const post = await createPostViaApi(t, author, { media: { images: [{ url: second.url }] } });
    expect(post.media.images[0]!.url).toBe(first.url);
  });

  it('refuses the same image twice in one post', async () => {
    const [m] = await uploadAs(author);
    const res = await create({ ...valid, media: { images: [{ url: m!.url }, { url: m!.url }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MSG.duplicateImage);
  });

  it('requires a signed-in member', async () => {
    const res = await create(valid, {});
    expect(res.statusCode).toBe(401);
  });
});
