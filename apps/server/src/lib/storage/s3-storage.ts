import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config.js';
import { DependencyError } from '../dependency-errors.js';
import {
  contentTypeOfKey,
  IMMUTABLE_CACHE_CONTROL,
  isValidMediaKey,
  MEDIA_URL_PREFIX,
  type MediaStorage,
  type StoredObject,
} from './media-storage.js';

/** Parts of a multipart upload (S3's minimum part size); a smaller object goes in one PUT. */
export const MULTIPART_PART_BYTES = 5 * 1024 * 1024;
/** Parts in flight at once for one object. */
const MULTIPART_QUEUE = 2;
/** A store that does not answer within this is down as far as a request is concerned. */
const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 30_000;

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** The SDK client for a configuration (also used by `media:migrate` and tests). */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: S3-compatible servers (MinIO releases, Ceph, s3rver)
    // do not all accept the CRC32 headers and trailers the SDK adds by default since 2025.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
}

/**
 * Media in an S3-compatible bucket, flat under their content keys. Objects carry their content
 * type and the immutable Cache-Control, so a bucket or CDN in front of it (MEDIA_PUBLIC_URL)
 * serves them with the same headers as the app's own /media route, which streams from here when
 * MEDIA_PUBLIC_URL is unset.
 */
export function createS3Storage(config: S3Config, client: S3Client = createS3Client(config)): MediaStorage {
  const Bucket = config.bucket;
  const urlOf = (key: string) => `${MEDIA_URL_PREFIX}${key}`;
  /**
   * Every failure of the store but "no such key" is the store's, named so (a 503 for the request
   * that met it, lib/dependency-errors.ts), whatever the SDK called it: refused, timed out, 5xx.
   */
  const storeFailure = (err: unknown) => (isNotFound(err) ? err : new DependencyError('media store', err));
  const call = <T>(request: Promise<T>): Promise<T> =>
    request.catch((err: unknown) => {
      throw storeFailure(err);
    });

  async function exists(key: string): Promise<boolean> {
    try {
      await call(client.send(new HeadObjectCommand({ Bucket, Key: key })));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async function read(key: string): Promise<StoredObject | null> {
    if (!isValidMediaKey(key)) return null;
    try {
      const res = await call(client.send(new GetObjectCommand({ Bucket, Key: key })));
      if (!res.Body) return null;
      return {
        // In Node the SDK's body is an http.IncomingMessage: a Readable.
        stream: res.Body as Readable,
        size: res.ContentLength ?? 0,
        contentType: res.ContentType ?? contentTypeOfKey(key),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',

    async put(key, data, contentType) {
      if (!isValidMediaKey(key)) throw new Error('invalid media key');
      // Content-addressed: an existing object already holds exactly these bytes.
      if (await exists(key)) return urlOf(key);
      // One PUT below the part size, a multipart upload above it (large originals).
      await call(
        new Upload({
          client,
          params: {
            Bucket,
            Key: key,
            Body: data,
            ContentType: contentType,
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          },
          partSize: MULTIPART_PART_BYTES,
          queueSize: MULTIPART_QUEUE,
          leavePartsOnError: false,
        }).done(),
      );
      return urlOf(key);
    },

    async has(key) {
      return isValidMediaKey(key) && (await exists(key));
    },

    async get(key) {
      const object = await read(key);
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    read,
    stream: read,

    async delete(key) {
      if (!isValidMediaKey(key)) return;
      await call(client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },

    urlOf,

    async check() {
      await call(client.send(new HeadBucketCommand({ Bucket })));
    },

    async ensureRoom() {
      // The bucket's space is the provider's concern; no floor here.
    },
  };
}
