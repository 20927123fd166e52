import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MSG, POST_MSG, type UploadedMedia } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { mediaUploads } from '../../db/schema/index.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { jpegWithGps, multipart, pngClaiming, solidImage, type FilePart } from './media.fixtures.js';

/**
 * The whole suite runs once per media store: the local disk, and an S3-compatible bucket (a real
 * s3rver started here) served back through the app's /media route (no MEDIA_PUBLIC_URL).
 */
describe.each(['local', 's3'] as const)('MEDIA_STORE=%s', (store) => {
  let t: TestApp;
  let s3: TestS3 | undefined;
  let member: SeededUser;
  beforeAll(async () => {
    s3 = store === 's3' ? await startTestS3() : undefined;
    t = await createTestApp(s3?.env ?? {});
    member = await seedUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores in the configured store, and only there', async () => {
    expect(t.app.ctx.storage.kind).toBe(store);
    const res = await upload([{ data: await solidImage(200, 100) }], (await seedUser(t)).auth);
    const key = new URL(res.json<{ media: UploadedMedia[] }>().media[0]!.url).pathname.slice(
      '/media/'.length,
    );
    const onDisk = fs.existsSync(path.join(t.config.mediaDir, key.slice(0, 2), key));
    const inBucket = s3
      ? fs.readdirSync(s3.directory, { recursive: true }).some((f) => String(f).includes(key))
      : false;
    expect({ onDisk, inBucket }).toEqual(
      store === 's3' ? { onDisk: false, inBucket: true } : { onDisk: true, inBucket: false },
    );
  });

  function upload(files: FilePart[], headers: Record<string, string> = member.auth) {
    const body = multipart(files);
    return t.app.inject({
      method: 'POST',
      url: '/api/posts/upload-media',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  describe('POST /api/posts/upload-media', () => {
    it('answers each image with url, size, placeholder and variants, and records it as the caller’s upload', async () => {
      const res = await upload([
        { data: await solidImage(1500, 1000, 'jpeg') },
        { data: await solidImage(300, 300, 'png'), contentType: 'image/png' },
      ]);
      expect(res.statusCode).toBe(200);
      const { media } = res.json<{ media: UploadedMedia[] }>();
      expect(media).toHaveLength(2);
      expect(media[0]).toMatchObject({ width: 1500, height: 1000 });
      // Absolute in the answer (PUBLIC_ORIGIN here), relative in the database.
      expect(media[0]!.url).toMatch(/^http:\/\/glimpse\.test\/media\/[0-9a-f]{64}-orig\.webp$/);
      expect(media[0]!.variants.every((v) => v.url.startsWith('http://glimpse.test/media/'))).toBe(true);
      expect(media[0]!.variants.map((v) => v.width)).toEqual([320, 640, 1080, 1500]);
      expect(typeof media[0]!.placeholder).toBe('string');
      const rows = await t.database.db.select().from(mediaUploads).where(eq(mediaUploads.ownerId, member.id));
      expect(rows.map((r) => `http://glimpse.test${r.url}`).sort()).toEqual(media.map((m) => m.url).sort());
      expect(rows.every((r) => r.url.startsWith('/media/'))).toBe(true);
      expect(rows.every((r) => r.postId === null && r.storageKeys.length > 0)).toBe(true);
    });

    it('serves what it stored with immutable caching, and 304 on revalidation', async () => {
      const { media } = (await upload([{ data: await solidImage(400, 300) }])).json<{
        media: UploadedMedia[];
      }>();
      const res = await t.app.inject({ method: 'GET', url: new URL(media[0]!.url).pathname });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(400);
      const again = await t.app.inject({
        method: 'GET',
        url: new URL(media[0]!.url).pathname,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    });

    it('leaves no EXIF or GPS in the served original or any variant', async () => {
      const { media } = (await upload([{ data: await jpegWithGps(1400, 900) }])).json<{
        media: UploadedMedia[];
      }>();
      const urls = media[0]!.variants.map((v) => v.url);
      expect(urls.length).toBeGreaterThan(1);
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url });
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.exif).toBeUndefined();
        expect(res.rawPayload.toString('latin1')).not.toContain('GlimpseCam');
      }
    });

    it('refuses a text file named .jpg with image/jpeg as not an image (400)', async () => {
      const res = await upload([
        {
          data: Buffer.from('this is not a picture at all, only text'),
          filename: 'cat.jpg',
          contentType: 'image/jpeg',
        },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.onlyImages, code: 'VALIDATION' });
    });

    it('refuses a whole batch when one file is bad, storing none of it', async () => {
      const before = await t.database.db.select().from(mediaUploads);
      const res = await upload([
        { data: await solidImage(100, 100) },
        { data: Buffer.from('%PDF-1.7 not an image') },
      ]);
      expect(res.statusCode).toBe(400);
      expect(await t.database.db.select().from(mediaUploads)).toHaveLength(before.length);
    });

    it('refuses a file over 10 MB while streaming (413)', async () => {
      const big = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        randomBytes(MAX_IMAGE_BYTES),
      ]);
      const res = await upload([{ data: big, contentType: 'image/png' }]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: MSG.imageTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    });

    it('accepts a file of exactly 10 MB as far as size goes', async () => {
      // Random bytes behind a PNG signature: the size passes, the content check then refuses it.
      const exact = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        randomBytes(MAX_IMAGE_BYTES - 8),
      ]);
      const res = await upload([{ data: exact }]);
      expect(res.statusCode).toBe(400);
    });

    it('refuses more than 5 files (400)', async () => {
      const img = await solidImage(40, 40);
      const res = await upload(Array.from({ length: 6 }, () => ({ data: img })));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(POST_MSG.tooManyImages);
    });

    it('accepts exactly 5 files', async () => {
      const imgs = await Promise.all([1, 2, 3, 4, 5].map((n) => solidImage(30 + n, 30)));
      const res = await upload(imgs.map((data) => ({ data })));
      expect(res.statusCode).toBe(200);
      expect(res.json<{ media: UploadedMedia[] }>().media).toHaveLength(5);
    });

    it('refuses a decompression bomb (400)', async () => {
      const res = await upload([{ data: pngClaiming(60000, 60000), contentType: 'image/png' }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(POST_MSG.imageTooManyPixels);
    });

    it('refuses no files, files under another field, and non-multipart bodies with JSON errors', async () => {
      const none = await upload([]);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(POST_MSG.noImages);
      const wrongField = await upload([{ field: 'avatar', data: await solidImage(20, 20) }]);
      expect(wrongField.statusCode).toBe(400);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/posts/upload-media',
        headers: member.auth,
        payload: { media: [] },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('requires a signed-in member', async () => {
      const res = await upload([{ data: await solidImage(20, 20) }], {});
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.accessTokenRequired);
    });
  });

  describe('GET /media/*', () => {
    it.each([
      '/media/..%2F..%2Fpackage.json',
      '/media/../../etc/passwd',
      `/media/${'a'.repeat(64)}-orig.webp`,
      '/media/%2e%2e',
      '/media/',
    ])('%s is a JSON 404 and never a file outside the store', async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    });
  });
});
