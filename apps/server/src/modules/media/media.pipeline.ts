import type sharpConstructor from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { MAX_IMAGE_PIXELS, type ImageVariant } from '@glimpse/shared';
import { contentKey, type MediaStorage } from '../../lib/storage/index.js';
import { createWorkQueue } from '../../lib/work-queue.js';
import { SHARP_FORMAT_OF, sniffImageFormat, type ImageFormat } from './media.detect.js';

export type ImageKind = 'post' | 'avatar';

/**
 * Images decoded at once in this process. A 7000x7000 PNG decodes to ~140 MiB of pixels before it
 * is scaled down, so parallel decodes of big uploads add up fast (4 requests x 5 such PNGs took
 * the server from ~170 to ~740 MiB); one at a time keeps it near one image's worth, and sharp gets
 * no faster from more on two cores (one libvips thread per image here). Measured in
 * bench/README.md ("Upload memory").
 */
export const IMAGE_DECODE_CONCURRENCY = 1;

/**
 * The process's image-processing pool for uploads (post images, avatars): every decode waits its
 * turn here (processUpload). `imageQueue.size()` is the number of images waiting (for metrics).
 */
export const imageQueue = createWorkQueue(IMAGE_DECODE_CONCURRENCY);

type SharpModule = typeof sharpConstructor;
let sharpLoading: Promise<SharpModule> | null = null;

/**
 * sharp, loaded with the first image rather than at start: libvips holds ~19 MiB resident once
 * loaded, which a node that only serves feeds and chat never needs (the chat bench's RSS goal).
 * Configured once, here.
 */
export function loadSharp(): Promise<SharpModule> {
  return (sharpLoading ??= import('sharp').then((loaded) => {
    const sharp = loaded.default as SharpModule;
    // libvips keeps recent operations and their pixels cached for reuse; uploads never repeat, so
    // the cache only holds memory.
    sharp.cache(false);
    // One libvips worker thread per image (the default on glibc already; explicit for musl and macOS).
    sharp.concurrency(1);
    return sharp;
  }));
}

/** Longest side of the stored "original": uploads are kept bounded, never at camera size. */
export const ORIGINAL_MAX_PX = 2048;
export const POST_VARIANT_WIDTHS = [320, 640, 1080] as const;
/** The side of the avatar's one square crop (smaller when the source is): what every profile shows. */
export const AVATAR_SIZE = 400;
const PLACEHOLDER_MAX_PX = 100;
const WEBP_QUALITY = 82;

export type ImageRejection = 'not_image' | 'too_many_pixels' | 'unreadable';

/** An upload we refuse. Callers turn `reason` into their own user-facing message. */
export class ImageRejectedError extends Error {
  constructor(readonly reason: ImageRejection) {
    super(`image rejected: ${reason}`);
  }
}

export interface ImageInfo {
  format: ImageFormat;
  /** Displayed size, after EXIF orientation. */
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** The bounded original (post) or the largest square (avatar). */
  url: string;
  width: number;
  height: number;
  /** ThumbHash, base64: a ~25-byte blurred preview the client renders before the image loads. */
  placeholder: string;
  /** Ascending by width; the last entry is `url` itself. */
  variants: ImageVariant[];
  /** Every key written, so the upload row can find its files again (cleanup, S3 migration). */
  storageKeys: string[];
}

/**
 * `limitInputPixels` makes libvips refuse, from the header alone, anything that would decode to
 * more than MAX_IMAGE_PIXELS: a 40 KB PNG claiming 60000x60000 never allocates its 14 GB.
 * Only the first frame of an animated GIF/WebP is read.
 */
const INPUT_OPTIONS: SharpOptions = {
  limitInputPixels: MAX_IMAGE_PIXELS,
  failOn: 'error',
  pages: 1,
  // Stream the decode top to bottom where the operations allow, instead of loading it whole.
  sequentialRead: true,
};

function asRejection(err: unknown): ImageRejectedError {
  if (err instanceof ImageRejectedError) return err;
  const message = err instanceof Error ? err.message : '';
  return new ImageRejectedError(/pixel limit/i.test(message) ? 'too_many_pixels' : 'unreadable');
}

/**
 * Cheap checks that read only the header: the type by content, agreement between the magic
 * bytes and the decoder, and the pixel budget. Run it over a whole batch before processing any
 * of it, so one bad file refuses the batch before anything is stored.
 */
export async function inspectImage(input: Buffer): Promise<ImageInfo> {
  const format = sniffImageFormat(input);
  if (!format) throw new ImageRejectedError('not_image');
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, INPUT_OPTIONS).metadata();
  } catch (err) {
    throw asRejection(err);
  }
  if (meta.format !== SHARP_FORMAT_OF[format]) throw new ImageRejectedError('not_image');
  if (format === 'avif' && meta.compression !== 'av1') throw new ImageRejectedError('not_image');
  if (!meta.width || !meta.height) throw new ImageRejectedError('unreadable');
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new ImageRejectedError('too_many_pixels');
  return { format, width: meta.autoOrient.width, height: meta.autoOrient.height };
}

interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * Decodes the upload once: oriented by EXIF, converted to sRGB, bounded to ORIGINAL_MAX_PX,
 * as raw pixels. Every output is derived from this, so the untrusted file meets the decoder once
 * and no output can carry its metadata (raw pixels have none).
 */
async function decodeBounded(sharp: SharpModule, input: Buffer): Promise<RawImage> {
  try {
    const { data, info } = await sharp(input, INPUT_OPTIONS)
      .autoOrient()
      .resize({ width: ORIGINAL_MAX_PX, height: ORIGINAL_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (err) {
    throw asRejection(err);
  }
}

function fromRaw(sharp: SharpModule, img: RawImage): Sharp {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } });
}

async function placeholderOf(pipeline: Sharp): Promise<string> {
  const { data, info } = await pipeline
    .resize({ width: PLACEHOLDER_MAX_PX, height: PLACEHOLDER_MAX_PX, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

async function store(
  storage: MediaStorage,
  pipeline: Sharp,
  variant: string,
): Promise<{ key: string; url: string; width: number; height: number }> {
  // Sharp writes no EXIF/XMP/IPTC/ICC unless asked (withMetadata/keepExif); we never ask.
  const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
  const key = contentKey(data, variant, 'webp');
  const url = await storage.put(key, data, 'image/webp');
  return { key, url, width: info.width, height: info.height };
}

async function processPostImage(
  sharp: SharpModule,
  storage: MediaStorage,
  base: RawImage,
): Promise<ProcessedImage> {
  const original = await store(storage, fromRaw(sharp, base), 'orig');
  const variants: ImageVariant[] = [];
  const storageKeys = [original.key];
  // Only widths below the original: a variant is never an upscaled copy.
  for (const width of POST_VARIANT_WIDTHS.filter((w) => w < base.width)) {
    const v = await store(storage, fromRaw(sharp, base).resize({ width }), `w${width}`);
    variants.push({ width: v.width, url: v.url });
    storageKeys.push(v.key);
  }
  variants.push({ width: original.width, url: original.url });
  return {
    url: original.url,
    width: original.width,
    height: original.height,
    placeholder: await placeholderOf(fromRaw(sharp, base)),
    variants,
    storageKeys,
  };
}

async function processAvatar(
  sharp: SharpModule,
  storage: MediaStorage,
  base: RawImage,
): Promise<ProcessedImage> {
  // One crop, the one the profile points at: smaller crops nothing references would only be
  // files that outlive the avatar (no row would know their keys to delete them).
  const size = Math.min(AVATAR_SIZE, base.width, base.height);
  const square = (side: number) =>
    fromRaw(sharp, base).resize(side, side, { fit: 'cover', position: 'attention' });
  const crop = await store(storage, square(size), `a${size}`);
  return {
    url: crop.url,
    width: crop.width,
    height: crop.width,
    placeholder: await placeholderOf(square(Math.min(size, PLACEHOLDER_MAX_PX))),
    variants: [{ width: crop.width, url: crop.url }],
    storageKeys: [crop.key],
  };
}

/**
 * Turns an untrusted upload into stored, metadata-free WebP files.
 * - post: the original bounded to 2048 px, plus widths 320/640/1080 below the original's width;
 * - avatar: one square crop (attention-centred) of 400 px, or the source's shorter side when smaller.
 * Throws ImageRejectedError for anything that is not a JPEG/PNG/WebP/GIF/AVIF we can decode
 * within the pixel budget. Content-addressed keys make a repeated upload free of new files.
 */
export async function processImage(
  storage: MediaStorage,
  input: Buffer,
  opts: { kind: ImageKind },
): Promise<ProcessedImage> {
  await inspectImage(input);
  const sharp = await loadSharp();
  const base = await decodeBounded(sharp, input);
  return opts.kind === 'avatar'
    ? processAvatar(sharp, storage, base)
    : processPostImage(sharp, storage, base);
}

/**
 * processImage for an upload, in its turn in the process's image pool: the decode and every
 * output derived from it run there, so however many uploads arrive at once, one image's working
 * memory is held at a time (the rest wait, and each still gets its answer). The demo seeder, whose
 * images are its own and bounded, calls processImage directly with its own limit.
 */
export function processUpload(
  storage: MediaStorage,
  input: Buffer,
  opts: { kind: ImageKind },
): Promise<ProcessedImage> {
  return imageQueue.run(() => processImage(storage, input, opts));
}
