import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES, MSG, type PublicUser, type SelfUser } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
function formWith(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----glimpse${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (who: SeededUser | null, form: ReturnType<typeof formWith>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/avatar',
    payload: form.payload,
    headers: { ...form.headers, ...(who?.auth ?? {}) },
  });

/** A photo as a phone would produce it: JPEG with EXIF naming the owner and camera. */
function photo(width: number, height: number, background = { r: 200, g: 80, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'SecretOwnerName', Make: 'SecretCamera' } })
    .toBuffer();
}

describe('POST /api/users/avatar', () => {
  it('stores a 400 px square without metadata and answers avatarUrl and the SelfUser', async () => {
    const ana = await seedUser(t);
    const original = await photo(900, 600);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(ana, formWith('avatar', 'me at home.jpg', 'image/jpeg', original));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ avatarUrl: string; user: SelfUser }>();
    expect(body.avatarUrl).toMatch(/^http:\/\/glimpse\.test\/media\/[0-9a-f]{64}-a400\.webp$/);
    expect(body.user).toMatchObject({ id: ana.id, email: ana.email });
    const picture = body.user.profile.profilePicture!;
    expect(picture.url).toBe(body.avatarUrl);
    expect(picture.filename).toBe(body.avatarUrl.slice('http://glimpse.test/media/'.length));
    expect(picture.filename).not.toContain('home');
    expect(Date.now() - Date.parse(picture.uploadedAt)).toBeLessThan(60_000);

    const stored = await t.app.inject({ method: 'GET', url: new URL(body.avatarUrl).pathname });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.rawPayload.includes('SecretOwnerName')).toBe(false);

    // Everyone sees the new picture on the profile.
    const profile = await t.app.inject({ method: 'GET', url: `/api/users/profile/${ana.username}` });
    expect(profile.json<PublicUser>().profile.profilePicture?.url).toBe(body.avatarUrl);
  });

  it('keeps a small picture at its own size (never upscaled)', async () => {
    const ana = await seedUser(t);
    const png = await sharp({ create: { width: 150, height: 120, channels: 4, background: '#3366ff' } })
      .png()
      .toBuffer();
    const res = await upload(ana, formWith('avatar', 'small.png', 'image/png', png));
    expect(res.statusCode).toBe(200);
    const stored = await t.app.inject({
      method: 'GET',
      url: new URL(res.json<{ avatarUrl: string }>().avatarUrl).pathname,
    });
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ width: 120, height: 120 });
  });

  it('deletes the replaced picture, unless another member uses the same one', async () => {
    const ana = await seedUser(t);
    const ben = await seedUser(t);
    const served = async (url: string) =>
      (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;
    const avatarOf = async (who: SeededUser, picture: Buffer) => {
      const res = await upload(who, formWith('avatar', 'a.jpg', 'image/jpeg', picture));
      expect(res.statusCode).toBe(200);
      return res.json<{ avatarUrl: string }>().avatarUrl;
    };

    const first = await avatarOf(ana, await photo(500, 500, { r: 90, g: 10, b: 120 }));
    const second = await avatarOf(ana, await photo(600, 400, { r: 20, g: 90, b: 200 }));
    expect(second).not.toBe(first);
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);

    // Ben picks the very same picture (same bytes, same stored file); Ana moves on.
    const shared = await photo(300, 300, { r: 30, g: 160, b: 60 });
    expect(await avatarOf(ben, shared)).toBe(await avatarOf(ana, shared));
    expect(await served(second)).toBe(404);
    const third = await avatarOf(ana, await photo(700, 500, { r: 240, g: 220, b: 10 }));
    expect(await served(third)).toBe(200);
    const bensUrl = (
      await t.app.inject({ method: 'GET', url: `/api/users/profile/${ben.username}` })
    ).json<PublicUser>().profile.profilePicture!.url;
    expect(await served(bensUrl)).toBe(200);
  });

  it('refuses a file that is not an image by its content, whatever it claims', async () => {
    const ana = await seedUser(t);
    for (const form of [
      formWith('avatar', 'notes.txt', 'text/plain', Buffer.from('just some text, not a picture at all')),
      formWith(
        'avatar',
        'fake.png',
        'image/png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      ),
    ]) {
      const res = await upload(ana, form);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.avatarInvalid, code: 'VALIDATION' });
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: ana.auth });
    expect(me.json<SelfUser>().profile.profilePicture).toBeNull();
  });

  it('refuses a file over 5MB with 413', async () => {
    const ana = await seedUser(t);
    const big = Buffer.concat([await photo(50, 50), Buffer.alloc(MAX_AVATAR_BYTES)]);
    const res = await upload(ana, formWith('avatar', 'big.jpg', 'image/jpeg', big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MSG.avatarTooLarge, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a request without a file, and one with the file under another name', async () => {
    const ana = await seedUser(t);
    const boundary = 'emptyform';
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      headers: { ...ana.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.avatarInvalid);
    const wrongField = await upload(ana, formWith('picture', 'a.jpg', 'image/jpeg', await photo(300, 300)));
    expect(wrongField.statusCode).toBe(400);
  });

  it('requires a token', async () => {
    const res = await upload(null, formWith('avatar', 'a.jpg', 'image/jpeg', await photo(300, 300)));
    expect(res.statusCode).toBe(401);
  });
});
