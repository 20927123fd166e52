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
 * store (`MEDIA_STORE=s3`) implements the same calls, so nothing above this interface knows which
 * one is configured. Stored paths are `/media/<key>` either way; `lib/public-urls.ts` turns them
 * into MEDIA_PUBLIC_URL/<key> (bucket or CDN) or this node's own /media/<key>.
 *
 * Keys are content-addressed (see `contentKey`): the same bytes always get the same key, so a
 * put of an existing key is a no-op and a URL never changes meaning, which is what makes
 * `Cache-Control: immutable` safe. Because keys are shared by equal content, delete a key only
 * after checking that no upload or post still references it.
 */
export interface MediaStorage {
  /** Which store this is, for logs, readiness and metrics. */
  readonly kind: 'local' | 's3';
  /** Stores the bytes under `key` (idempotent) and returns the object's stored path (`/media/<key>`). */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** Whether an object exists under `key`. */
  has(key: string): Promise<boolean>;
  /** The whole object, or null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** A stream of the object, or null when it does not exist (the /media route, exports). */
  read(key: string): Promise<StoredObject | null>;
  /** The same as `read` (its first name; kept so callers written before the rename still work). */
  stream(key: string): Promise<StoredObject | null>;
  /** Removes the object; a key that does not exist is no error. */
  delete(key: string): Promise<void>;
  /** The stored path of a key, without touching the store. */
  urlOf(key: string): string;
  /** Resolves when the store answers (readiness); rejects with the reason otherwise. */
  check(): Promise<void>;
  /**
   * Throws 507 INSUFFICIENT_STORAGE when `bytes` more would take the local disk below
   * MIN_FREE_DISK_MB (an object store has no such floor). Uploads ask before any work.
   */
  ensureRoom(bytes: number): Promise<void>;
}

/** Content-addressed and hashed files never change meaning: browsers and CDNs may keep them forever. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

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

/**
 * A view of `storage` that remembers the objects its `put`s created (keys that did not exist
 * before), so a request that fails half-way (a full disk on its third file, the bucket gone on
 * its second photo) can take back what it wrote and leave nothing behind.
 */
export function trackNewObjects(storage: MediaStorage): { storage: MediaStorage; created(): string[] } {
  const created: string[] = [];
  const tracked: MediaStorage = {
    ...storage,
    async put(key, data, contentType) {
      const existed = await storage.has(key);
      const url = await storage.put(key, data, contentType);
      if (!existed) created.push(key);
      return url;
    },
  };
  return { storage: tracked, created: () => [...created] };
}
