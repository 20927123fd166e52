import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { EXPORTS_PER_WINDOW, USER_MSG, type UploadMediaResponse } from '@glimpse/shared';
import { queryRows } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { insertMessage } from '../chats/messages.repo.js';
import { multipart, solidImage } from '../media/media.fixtures.js';
import { createPostViaApi } from '../posts/posts.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Every entry of a zip, read with yauzl (an independent reader), name → bytes. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const inject = (method: 'GET' | 'POST', url: string, who: SeededUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, payload });

async function upload(who: SeededUser, images: Buffer[]): Promise<string[]> {
  const body = multipart(images.map((data) => ({ data })));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/posts/upload-media',
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json<UploadMediaResponse>().media.map((m) => m.url);
}

const parse = <T>(files: Map<string, Buffer>, name: string): T =>
  JSON.parse(files.get(name)!.toString('utf8')) as T;
const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('GET /api/users/me/export', () => {
  it('needs a token', async () => {
    const res = await inject('GET', '/api/users/me/export', null);
    expect(res.statusCode).toBe(401);
  });

  it('streams a zip of the member’s profile, posts, comments, chats, follows and original photos', async () => {
    const [ana, ben] = [await seedUser(t, { bio: 'Photos of tea' }), await seedUser(t)];
    const urls = await upload(ana, [await solidImage(500, 400), await solidImage(300, 300)]);
    const post = await createPostViaApi(t, ana, {
      title: 'Tea in Kyoto',
      tags: ['tea'],
      media: { images: [{ url: urls[0], altText: 'A cup of green tea' }, { url: urls[1] }] },
      taggedUserIds: [ben.id],
    });
    const benPost = await createPostViaApi(t, ben, { title: 'Ben’s hike', taggedUserIds: [ana.id] });
    await inject('POST', `/api/posts/${post.id}/like`, ben, {});
    await inject('POST', `/api/posts/${post.id}/comment`, ben, { content: 'Looks calm' });
    await inject('POST', `/api/posts/${benPost.id}/comment`, ana, { content: 'Great view' });
    expect((await inject('POST', `/api/posts/${benPost.id}/save`, ana, {})).statusCode).toBe(200);
    await inject('POST', `/api/users/${ben.id}/follow`, ana, {});
    await inject('POST', `/api/users/${ana.id}/follow`, ben, {});
    const chat = await inject('POST', '/api/chats', ana, { participantId: ben.id });
    const chatId = chat.json<{ id: string }>().id;
    await t.database.db.transaction(async (tx) => {
      const at = new Date();
      await insertMessage(tx, { id: newId(at), chatId, senderId: ana.id, content: 'tea later?', at });
      await insertMessage(tx, { id: newId(at), chatId, senderId: ben.id, content: 'yes', at });
    });

    const res = await inject('GET', '/api/users/me/export', ana);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="glimpse-${ana.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    const files = await unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        'comments.json',
        'followers.json',
        'following.json',
        'messages.json',
        'posts.json',
        'profile.json',
        'saved.json',
        'collections.json',
        'tagged.json',
        `media/${post.id}-1.webp`,
        `media/${post.id}-2.webp`,
      ].sort(),
    );

    const profile = parse<Record<string, unknown>>(files, 'profile.json');
    expect(profile).toMatchObject({
      id: ana.id,
      username: ana.username,
      email: ana.email,
      bio: 'Photos of tea',
    });
    expect(JSON.stringify(profile)).not.toMatch(/password|argon2/i);

    const posts = parse<Array<Record<string, unknown>>>(files, 'posts.json');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      id: post.id,
      title: 'Tea in Kyoto',
      tags: ['tea'],
      images: [
        { position: 0, altText: 'A cup of green tea', file: `media/${post.id}-1.webp` },
        { position: 1, altText: '', file: `media/${post.id}-2.webp` },
      ],
      comments: [{ user: { id: ben.id, username: ben.username }, content: 'Looks calm' }],
      likes: [{ user: { id: ben.id, username: ben.username } }],
      taggedUsers: [{ user: { id: ben.id, username: ben.username }, taggedAt: expect.any(String) }],
    });
    // The posts the member is tagged in.
    expect(parse(files, 'tagged.json')).toMatchObject([
      { post: { id: benPost.id, title: 'Ben’s hike', author: { id: ben.id, username: ben.username } } },
    ]);

    expect(parse(files, 'comments.json')).toMatchObject([
      { content: 'Great view', post: { id: benPost.id, title: 'Ben’s hike', author: { id: ben.id } } },
    ]);
    // A post that became private since: the comment stays, the post is no longer described.
    await t.database.db.execute(sql`UPDATE posts SET privacy = 'private' WHERE id = ${benPost.id}`);
    const later = await unzip((await inject('GET', '/api/users/me/export', ana)).rawPayload);
    expect(parse(later, 'comments.json')).toEqual([
      {
        id: expect.any(String),
        content: 'Great view',
        createdAt: expect.any(String),
        post: { id: benPost.id },
      },
    ]);
    expect(parse(files, 'messages.json')).toMatchObject([
      {
        chatId,
        messages: [
          { sender: { id: ana.id }, content: 'tea later?' },
          { sender: { id: ben.id }, content: 'yes' },
        ],
      },
    ]);
    expect(parse(files, 'following.json')).toMatchObject([{ id: ben.id, username: ben.username }]);
    expect(parse(files, 'saved.json')).toMatchObject([
      { post: { id: benPost.id, title: 'Ben’s hike', author: { id: ben.id, username: ben.username } } },
    ]);
    expect(parse(files, 'followers.json')).toMatchObject([{ id: ben.id, username: ben.username }]);

    // The photos are the stored originals, byte for byte.
    const [stored] = await queryRows<{ urls: string[] }>(
      t.database.db,
      sql`SELECT array_agg(url ORDER BY position) AS urls FROM post_media WHERE post_id = ${post.id}`,
    );
    for (const [i, url] of stored!.urls.entries()) {
      const original = await t.app.ctx.storage.get(keyOf(url));
      expect(original).not.toBeNull();
      expect(files.get(`media/${post.id}-${i + 1}.webp`)!.equals(original!)).toBe(true);
    }
  });

  it('allows a few exports an hour per member', async () => {
    const ana = await seedUser(t);
    for (let i = 0; i < EXPORTS_PER_WINDOW; i++) {
      expect((await inject('GET', '/api/users/me/export', ana)).statusCode).toBe(200);
    }
    const refused = await inject('GET', '/api/users/me/export', ana);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: USER_MSG.tooManyExports, code: 'RATE_LIMITED' });
    // Another member is not affected.
    expect((await inject('GET', '/api/users/me/export', await seedUser(t))).statusCode).toBe(200);
  });

  it('lists a photo missing from the store instead of failing', async () => {
    const ana = await seedUser(t);
    const [url] = await upload(ana, [await solidImage(200, 200)]);
    const post = await createPostViaApi(t, ana, { media: { images: [{ url }] } });
    const [stored] = await queryRows<{ url: string }>(
      t.database.db,
      sql`SELECT url FROM post_media WHERE post_id = ${post.id}`,
    );
    await t.app.ctx.storage.delete(keyOf(stored!.url));
    const res = await inject('GET', '/api/users/me/export', ana);
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    expect(parse(files, 'missing-media.json')).toEqual([`media/${post.id}-1.webp`]);
    expect(files.has(`media/${post.id}-1.webp`)).toBe(false);
  });
});
