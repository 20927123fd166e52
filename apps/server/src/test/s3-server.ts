import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config.js';

/** s3rver's built-in account: it checks every request's AWS signature against this key pair. */
const ACCESS_KEY = 'S3RVER';

/**
 * A real S3-compatible server (s3rver: the S3 REST API over HTTP, objects on disk, SigV4
 * signatures checked) on 127.0.0.1, started by the test that needs it. `stop()` takes it down
 * (a store outage), `start()` brings it back on the same port with the same objects.
 */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Environment that points the server at this store (MEDIA_STORE=s3 and the S3_* settings). */
  env: Record<string, string>;
  config: S3Config;
  /** Objects on disk, for tests that look at what the store holds. */
  directory: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its objects. */
  close(): Promise<void>;
}

export async function startTestS3(opts: { port?: number; bucket?: string } = {}): Promise<TestS3> {
  const bucket = opts.bucket ?? 'glimpse-media';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-s3-'));
  let port = opts.port ?? 0;
  let server: S3rver | null = null;

  async function start(): Promise<void> {
    if (server) return;
    const s = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    port = (await s.run()).port;
    server = s;
  }
  async function stop(): Promise<void> {
    const s = server;
    server = null;
    await s?.close();
  }

  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    endpoint,
    bucket,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    forcePathStyle: true,
  };
  return {
    endpoint,
    bucket,
    directory,
    config,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    start,
    stop,
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
