import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, Message, Post, PostDetail, PostList, SearchResponse, SelfUser } from '@glimpse/shared';
import { mediaUploads, postMedia, users } from '../../db/schema/index.js';
import { startSocketTestApp, type SocketTestKit } from '../../realtime/testing.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { multipart, solidImage } from './media.fixtures.js';

/** Every media URL anywhere in an answer: image and variant `url`s, avatars, `avatarUrl`. */
function mediaUrlsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => mediaUrlsIn(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if ((key === 'url' || key === 'avatarUrl') && typeof child === 'string') found.push(child);
      else mediaUrlsIn(child, found);
    }
  }
  return found;
}

async function uploadImage(t: TestApp, user: SeededUser, headers: Record<string, string>) {
  const body = multipart([{ data: await solidImage(700, 500) }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/posts/upload-media',
    headers: { ...user.auth, ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ media: { url: string }[] }>().media[0]!;
}

async function uploadAvatar(t: TestApp, user: SeededUser, headers: Record<string, string>) {
  const body = multipart([{ field: 'avatar', data: await solidImage(300, 300) }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/avatar',
    headers: { ...user.auth, ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ avatarUrl: string; user: SelfUser }>();
}

describe('without PUBLIC_ORIGIN or MEDIA_PUBLIC_URL: the origin the client reached', () => {
  let t: TestApp;
  let ana: SeededUser;
  let bob: SeededUser;
  let post: Post;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: '', TRUST_PROXY: 'loopback' });
    ana = await seedUser(t);
    bob = await seedUser(t);
    const viaA = { host: 'a.example:4000' };
    await uploadAvatar(t, ana, viaA);
    const image = await uploadImage(t, ana, viaA);
    expect(image.url).toMatch(/^http:\/\/a\.example:4000\/media\/[0-9a-f]{64}-orig\.webp$/);
    // The client sends back exactly what it was given: an absolute URL.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { ...ana.auth, ...viaA },
      payload: {
        title: 'Dawn',
        content: 'Over the bay',
        category: 'Travel',
        media: { images: [{ url: image.url }] },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    post = created.json<{ post: Post }>().post;
    expect(mediaUrlsIn(post).every((u) => u.startsWith('http://a.example:4000/media/'))).toBe(true);
    await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: bob.auth });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps paths relative in the database', async () => {
    const [media] = await t.database.db.select().from(postMedia).where(eq(postMedia.postId, post.id));
    expect(media!.url).toMatch(/^\/media\//);
    expect(media!.variants.every((v) => v.url.startsWith('/media/'))).toBe(true);
    const [upload] = await t.database.db.select().from(mediaUploads).where(eq(mediaUploads.postId, post.id));
    expect(upload!.url).toMatch(/^\/media\//);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, ana.id));
    expect(row!.avatarUrl).toMatch(/^\/media\//);
  });

  it('answers every image, variant and avatar URL of every call on the origin of that request', async () => {
    // Another origin, behind a TLS-terminating proxy: the same rows, no migration.
    const viaB = { host: 'b.example', 'x-forwarded-proto': 'https' };
    const answers = await Promise.all(
      [
        ['GET', '/api/posts', ana],
        ['GET', `/api/posts/${post.id}`, null],
        ['GET', '/api/users/me/liked-posts', bob],
        ['GET', '/api/search?q=dawn&type=all', null],
        ['GET', `/api/users/profile/${ana.username}`, null],
        ['GET', '/api/auth/me', ana],
        ['GET', '/api/users', bob],
      ].map(async ([method, url, user]) => {
        const res = await t.app.inject({
          method: method as 'GET',
          url: url as string,
          headers: { ...viaB, ...(user ? (user as SeededUser).auth : {}) },
        });
        expect(res.statusCode, `${url as string}: ${res.body}`).toBe(200);
        return [url as string, mediaUrlsIn(res.json())] as const;
      }),
    );
    for (const [url, found] of answers) {
      expect(found.length, url).toBeGreaterThan(0);
      for (const u of found) expect(u, url).toMatch(/^https:\/\/b\.example\/media\/[0-9a-f]{64}-\w+\.webp$/);
    }
    const feed = answers[0]![1];
    expect(feed).toContain(post.media.images[0]!.url.replace('http://a.example:4000', 'https://b.example'));
  });

  it('falls back to localhost for a host header that is not a host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/posts',
      headers: { host: 'evil.example/"><x' },
    });
    for (const u of mediaUrlsIn(res.json<PostList>())) expect(u).toMatch(/^http:\/\/localhost\/media\//);
  });
});

describe('with MEDIA_PUBLIC_URL (object store or CDN)', () => {
  let t: TestApp;
  let ana: SeededUser;

  beforeAll(async () => {
    t = await createTestApp({ MEDIA_PUBLIC_URL: 'https://cdn.example/glimpse/' });
    ana = await seedUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every media URL under it, and accepts it back in POST /api/posts', async () => {
    const avatar = await uploadAvatar(t, ana, {});
    expect(avatar.avatarUrl).toMatch(/^https:\/\/cdn\.example\/glimpse\/[0-9a-f]{64}-a\d+\.webp$/);
    expect(avatar.user.profile.profilePicture!.url).toBe(avatar.avatarUrl);
    const image = await uploadImage(t, ana, {});
    expect(image.url).toMatch(/^https:\/\/cdn\.example\/glimpse\/[0-9a-f]{64}-orig\.webp$/);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: ana.auth,
      payload: {
        title: 'CDN',
        content: 'Served elsewhere',
        category: 'Food',
        media: { images: [{ url: image.url }] },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/posts/${created.json<{ post: Post }>().post.id}`,
    });
    const urls = mediaUrlsIn(detail.json<PostDetail>());
    expect(urls.length).toBeGreaterThan(2);
    for (const u of urls) expect(u).toMatch(/^https:\/\/cdn\.example\/glimpse\/[0-9a-f]{64}-\w+\.webp$/);
    // Share links still point at the app, not at the CDN.
    const share = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${created.json<{ post: Post }>().post.id}/share`,
      headers: ana.auth,
    });
    expect(share.json<{ shareUrl: string }>().shareUrl).toMatch(/^http:\/\/glimpse\.test\/posts\//);
  });

  it('still refuses a URL that is not one of our media keys', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: ana.auth,
      payload: {
        title: 'x',
        content: 'y',
        category: 'Food',
        media: { images: [{ url: 'https://cdn.example/glimpse/../x.png' }] },
      },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('over the socket and in chats: the origin of the socket handshake', () => {
  let kit: SocketTestKit;
  let ana: SeededUser;
  let bob: SeededUser;

  beforeAll(async () => {
    kit = await startSocketTestApp({ PUBLIC_ORIGIN: '' });
    ana = await seedUser(kit.t);
    bob = await seedUser(kit.t);
    await uploadAvatar(kit.t, ana, {});
  });
  afterAll(async () => {
    await kit.close();
  });

  it('sends absolute avatar URLs in chats, authenticated and new_message', async () => {
    const chat = await kit.openChat(bob, ana);
    const partner = chat.participants.find((p) => p.id === ana.id)!;
    expect(partner.profile.profilePicture!.url).toMatch(/^http:\/\/localhost(:\d+)?\/media\//);
    const sender = await kit.connect(ana);
    const receiver = await kit.connect(bob);
    sender.socket.emit('send_message', { chatId: chat.id, content: 'hello', messageType: 'text' });
    const message = await receiver.next<Message>('new_message');
    const expected = `${kit.origin}/media/`;
    expect(message.sender.profilePicture!.url.startsWith(expected), message.sender.profilePicture!.url).toBe(
      true,
    );
    expect(message.sender.profile.profilePicture!.url.startsWith(expected)).toBe(true);
    const list = await kit.t.app.inject({ method: 'GET', url: '/api/chats', headers: bob.auth });
    for (const u of mediaUrlsIn(list.json<Chat[]>()))
      expect(u).toMatch(/^http:\/\/localhost(:\d+)?\/media\//);
    const search = await kit.t.app.inject({ method: 'GET', url: `/api/search?q=${ana.username}&type=users` });
    for (const u of mediaUrlsIn(search.json<SearchResponse>())) expect(u).toMatch(/^http:\/\/localhost/);
  });
});
