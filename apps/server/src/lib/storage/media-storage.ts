import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A stored object opened for reading. */
export interface StoredObject {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Where processed media lives. The local-disk store is the embedded default; an S3-compatible
 * store implements the same four calls (put returns the CDN/public URL, get/stream read back,
 * delete removes), so nothing above this interface knows which one is configured.
 *
 * Keys are content-addressed (see `contentKey`): the same bytes always get the same key, so a
 * put of an existing key is a no-op and a URL never changes meaning, which is what makes
 * `Cache-Control: immutable` safe. Because keys are shared by equal content, delete a key only
 * after checking that no upload or post still references it.
 */
export interface MediaStorage {
  /** Stores the bytes under `key` (idempotent) and returns the object's public URL. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** The whole object, or null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** A stream of the object, or null when it does not exist. */
  stream(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** The public URL of a key, without touching the store. */
  urlOf(key: string): string;
}

/** The URL prefix under which the app itself serves local media. */
export const MEDIA_URL_PREFIX = '/media/';

/**
 * Every key we create: 64 hex chars of sha256, a variant suffix, an extension. Nothing else is
 * ever accepted as a key, so a key can never name a path outside the store (no `/`, no `..`).
 */
const KEY_PATTERN = /^[0-9a-f]{64}-[a-z0-9]{1,16}\.(webp)$/;

export function isValidMediaKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

/** `sha256(bytes)-variant.ext`: the same bytes and variant always map to the same key. */
export function contentKey(data: Buffer, variant: string, ext: 'webp'): string {
  const key = `${createHash('sha256').update(data).digest('hex')}-${variant}.${ext}`;
  if (!isValidMediaKey(key)) throw new Error(`invalid media variant name: ${variant}`);
  return key;
}

export const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp' };

export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
