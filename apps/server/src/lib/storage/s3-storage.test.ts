import { randomBytes } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import {
  contentKey,
  createMediaStorage,
  createS3Client,
  createS3Storage,
  IMMUTABLE_CACHE_CONTROL,
  MULTIPART_PART_BYTES,
  type MediaStorage,
} from './index.js';

/** The S3 store against a real S3-compatible server (s3rver) started here. */
let s3: TestS3;
let storage: MediaStorage;
beforeAll(async () => {
  s3 = await startTestS3();
  storage = createMediaStorage(loadConfig({ NODE_ENV: 'test', ...s3.env }));
});
afterAll(async () => {
  await s3?.close();
});

const head = (key: string) =>
  createS3Client(s3.config).send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));

async function readAll(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const object = await storage.read(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('MEDIA_STORE=s3', () => {
  it('is chosen by the configuration, which names what is missing', () => {
    expect(storage.kind).toBe('s3');
    expect(() => loadConfig({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET: required when MEDIA_STORE=s3/);
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'x' })).toThrow(
      /set both or neither/,
    );
    expect(() => loadConfig({ MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE: must be local or s3/);
  });

  it('puts, gets, streams and deletes an object, with its type and immutable caching', async () => {
    const data = randomBytes(2048);
    const key = contentKey(data, 'orig', 'webp');
    expect(await storage.put(key, data, 'image/webp')).toBe(`/media/${key}`);
    expect(await storage.get(key)).toEqual(data);
    const object = await storage.read(key);
    expect(object).toMatchObject({ size: 2048, contentType: 'image/webp' });
    object!.stream.destroy();
    expect(await readAll(storage, key)).toEqual(data);
    const meta = await head(key);
    expect(meta.CacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(meta.ContentType).toBe('image/webp');

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();
    await storage.delete(key); // deleting what is gone is no error
  });

  it('puts a key that exists as a no-op (content-addressed)', async () => {
    const data = randomBytes(512);
    const key = contentKey(data, 'w320', 'webp');
    await storage.put(key, data, 'image/webp');
    const first = await head(key);
    await storage.put(key, data, 'image/webp');
    expect((await head(key)).LastModified).toEqual(first.LastModified);
  });

  it('uploads an object larger than a part in several parts (multipart), and reads it back whole', async () => {
    // The SDK client records every command it sends to the server.
    const client = createS3Client(s3.config);
    const sent: string[] = [];
    client.middlewareStack.add(
      (next, context) => (args) => {
        sent.push(context.commandName ?? '?');
        return next(args);
      },
      { step: 'initialize' },
    );
    const store = createS3Storage(s3.config, client);
    const data = randomBytes(MULTIPART_PART_BYTES + 300_000);
    const key = contentKey(data, 'orig', 'webp');
    await store.put(key, data, 'image/webp');
    expect(sent).toEqual([
      'HeadObjectCommand',
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    expect((await storage.get(key))?.equals(data)).toBe(true);
    expect((await head(key)).ContentLength).toBe(data.length);

    // Below the part size: one PUT.
    sent.length = 0;
    const small = randomBytes(1000);
    await store.put(contentKey(small, 'orig', 'webp'), small, 'image/webp');
    expect(sent).toEqual(['HeadObjectCommand', 'PutObjectCommand']);
  });

  it('refuses keys that are not ours, without asking the store', async () => {
    for (const bad of ['../x.webp', `${'a'.repeat(64)}-orig.png`, '']) {
      expect(await storage.get(bad)).toBeNull();
      expect(await storage.read(bad)).toBeNull();
    }
    await expect(storage.put('../x', Buffer.from('x'), 'image/webp')).rejects.toThrow(/invalid media key/);
  });

  it('reports the store unreachable while it is down, and reachable again after', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    await s3.stop();
    try {
      await expect(storage.check()).rejects.toThrow();
    } finally {
      await s3.start();
    }
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('reports a bucket that does not exist', async () => {
    const other = createMediaStorage(
      loadConfig({ NODE_ENV: 'test', ...s3.env, S3_BUCKET: 'no-such-bucket' }),
    );
    await expect(other.check()).rejects.toThrow();
  });
});
