import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedMedia } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { createPostViaApi } from '../posts/posts.fixtures.js';
import { cleanupOrphanUploads } from './media.cleanup.js';
import { multipart, solidImage } from './media.fixtures.js';

/** Once per media store: the local disk and an S3-compatible bucket (s3rver, started here). */
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

  async function upload(image: Buffer): Promise<UploadedMedia> {
    const body = multipart([{ data: image, filename: 'a.png', contentType: 'image/png' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts/upload-media',
      headers: { ...member.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ media: UploadedMedia[] }>().media[0]!;
  }

  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  describe('orphan upload cleanup', () => {
    it('removes old unattached uploads and their files, keeping attached, recent and shared ones', async () => {
      const attachedImage = await solidImage(64, 48);
      const attached = await upload(attachedImage);
      const sharedOrphan = await upload(attachedImage); // same bytes: same stored files as `attached`
      const orphan = await upload(await solidImage(80, 60));
      await createPostViaApi(t, member, { media: { images: [{ url: attached.url }] } });
      // Everything so far is two days old; one more upload is fresh.
      await t.database.db.execute(sql`UPDATE media_uploads SET created_at = now() - interval '2 days'`);
      const recent = await upload(await solidImage(72, 40));

      const result = await cleanupOrphanUploads(t.app.ctx);
      expect(result.uploads).toBe(2); // `orphan` and `sharedOrphan`
      expect(result.files).toBe(orphan.variants.length);

      for (const v of orphan.variants) expect(await served(v.url)).toBe(404);
      for (const v of attached.variants) expect(await served(v.url)).toBe(200);
      expect(sharedOrphan.url).toBe(attached.url);
      expect(await served(recent.url)).toBe(200);

      // A second run finds nothing more.
      expect(await cleanupOrphanUploads(t.app.ctx)).toEqual({ uploads: 0, files: 0 });
    });
  });
});
