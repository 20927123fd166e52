import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { thumbHashToRGBA } from 'thumbhash';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, isValidMediaKey } from '../../lib/storage/index.js';
import { jpegWithGps, pngClaiming, solidImage } from './media.fixtures.js';
import { ImageRejectedError, processImage, type ProcessedImage } from './media.pipeline.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-media-'));
const storage = createLocalStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const keyOf = (url: string) => url.replace('/media/', '');
async function stored(url: string): Promise<Buffer> {
  const data = await storage.get(keyOf(url));
  if (!data) throw new Error(`not stored: ${url}`);
  return data;
}
async function rejection(input: Buffer): Promise<string> {
  try {
    await processImage(storage, input, { kind: 'post' });
  } catch (err) {
    if (err instanceof ImageRejectedError) return err.reason;
    throw err;
  }
  throw new Error('expected a rejection');
}
async function everyFile(img: ProcessedImage): Promise<Buffer[]> {
  return Promise.all(img.storageKeys.map(async (k) => (await storage.get(k))!));
}

describe('processImage (post)', () => {
  it('bounds the original to 2048 px and makes WebP variants at 320/640/1080', async () => {
    const img = await processImage(storage, await solidImage(3000, 2000, 'jpeg'), { kind: 'post' });
    expect(img.url).toMatch(/^\/media\/[0-9a-f]{64}-orig\.webp$/);
    expect([img.width, img.height]).toEqual([2048, 1365]);
    expect(img.variants.map((v) => v.width)).toEqual([320, 640, 1080, 2048]);
    expect(img.variants.at(-1)!.url).toBe(img.url);
    for (const v of img.variants) {
      const meta = await sharp(await stored(v.url)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(v.width);
    }
    expect(img.storageKeys).toHaveLength(4);
  });

  it('never upscales: a small image keeps its size and has no larger variants', async () => {
    const img = await processImage(storage, await solidImage(200, 150), { kind: 'post' });
    expect([img.width, img.height]).toEqual([200, 150]);
    expect(img.variants).toEqual([{ width: 200, url: img.url }]);
  });

  it('gives a ThumbHash placeholder that decodes to the image aspect ratio', async () => {
    const img = await processImage(storage, await solidImage(400, 200), { kind: 'post' });
    const decoded = thumbHashToRGBA(Buffer.from(img.placeholder, 'base64'));
    expect(decoded.w / decoded.h).toBeCloseTo(2, 0);
    expect(img.placeholder.length).toBeLessThan(60);
  });

  it.each(['png', 'jpeg', 'webp', 'gif', 'avif'] as const)('accepts %s by its content', async (format) => {
    const img = await processImage(storage, await solidImage(64, 48, format), { kind: 'post' });
    expect([img.width, img.height]).toEqual([64, 48]);
  });

  it('applies the EXIF orientation to the pixels', async () => {
    // Orientation 6: stored 300x200, displayed rotated a quarter turn, i.e. 200x300.
    const img = await processImage(storage, await jpegWithGps(300, 200, 6), { kind: 'post' });
    expect([img.width, img.height]).toEqual([200, 300]);
    const meta = await sharp(await stored(img.url)).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(meta.orientation).toBeUndefined();
  });

  it('strips EXIF (GPS included), XMP, IPTC and ICC from every stored file', async () => {
    const input = await jpegWithGps(1200, 800);
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.toString('latin1')).toContain('GlimpseCam');
    // The GPS IFD pointer (tag 0x8825), in either byte order, is really in the input.
    const hasGpsPointer = (buf: Buffer) =>
      buf.includes(Buffer.from([0x88, 0x25])) || buf.includes(Buffer.from([0x25, 0x88]));
    expect(hasGpsPointer(inputMeta.exif!)).toBe(true);
    const img = await processImage(storage, input, { kind: 'post' });
    expect(img.storageKeys.length).toBeGreaterThan(1);
    for (const file of await everyFile(img)) {
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(file.toString('latin1')).not.toContain('GlimpseCam');
      expect(file.toString('latin1')).not.toContain('Secret Owner');
      expect(file.toString('latin1')).not.toContain('Exif');
    }
  });

  it('is content-addressed: the same upload twice yields the same URLs and no new files', async () => {
    const input = await solidImage(500, 400);
    const first = await processImage(storage, input, { kind: 'post' });
    const dirEntries = () => fs.readdirSync(root, { recursive: true }).length;
    const before = dirEntries();
    const second = await processImage(storage, input, { kind: 'post' });
    expect(second).toEqual(first);
    expect(dirEntries()).toBe(before);
  });
});

describe('processImage (avatar)', () => {
  it('makes one square, attention-cropped picture no larger than the source allows', async () => {
    const img = await processImage(storage, await solidImage(900, 600), { kind: 'avatar' });
    expect(img.variants).toEqual([{ width: 400, url: img.url }]);
    expect([img.width, img.height]).toEqual([400, 400]);
    expect(img.storageKeys).toHaveLength(1);
    const small = await processImage(storage, await solidImage(500, 300), { kind: 'avatar' });
    expect([small.width, small.height]).toEqual([300, 300]);
    for (const file of await everyFile(img)) {
      const meta = await sharp(file).metadata();
      expect(meta.width).toBe(meta.height);
    }
  });

  it('keeps a tiny avatar at its own size', async () => {
    const img = await processImage(storage, await solidImage(50, 80), { kind: 'avatar' });
    expect(img.variants).toEqual([{ width: 50, url: img.url }]);
  });
});

describe('processImage rejections', () => {
  it('refuses text, SVG, TIFF and empty input as not an image, whatever the name says', async () => {
    expect(await rejection(Buffer.from('just some text pretending to be a jpeg'))).toBe('not_image');
    expect(
      await rejection(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>')),
    ).toBe('not_image');
    expect(
      await rejection(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .tiff()
          .toBuffer(),
      ),
    ).toBe('not_image');
    expect(await rejection(Buffer.alloc(0))).toBe('not_image');
  });

  it('refuses a decompression bomb from its header, before decoding', async () => {
    const bomb = pngClaiming(60000, 60000);
    expect(bomb.length).toBeLessThan(2000);
    expect(await rejection(bomb)).toBe('too_many_pixels');
  });

  it('refuses a file whose magic bytes promise an image its body does not hold', async () => {
    const jpeg = await solidImage(100, 100, 'jpeg');
    expect(await rejection(jpeg.subarray(0, 200))).toBe('unreadable');
  });

  it('stores nothing for a rejected file', async () => {
    const before = fs.readdirSync(root, { recursive: true }).length;
    await rejection(pngClaiming(60000, 60000));
    expect(fs.readdirSync(root, { recursive: true }).length).toBe(before);
  });
});

describe('local storage keys', () => {
  it('accepts only our own key shape, so no key can leave the media directory', async () => {
    expect(isValidMediaKey(`${'a'.repeat(64)}-w320.webp`)).toBe(true);
    for (const bad of [
      '../etc/passwd',
      `../${'a'.repeat(64)}-w320.webp`,
      `${'a'.repeat(64)}/x.webp`,
      `${'A'.repeat(64)}-w320.webp`,
      '',
    ]) {
      expect(isValidMediaKey(bad)).toBe(false);
      expect(await storage.get(bad)).toBeNull();
    }
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
  });
});
