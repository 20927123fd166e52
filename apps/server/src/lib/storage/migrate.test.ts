import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { contentKey, createLocalStorage, createS3Storage } from './index.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

function run(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'media:migrate'], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

let s3: TestS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-migrate-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run media:migrate', () => {
  it('copies every local media file into the bucket under its key, once, and leaves the rest alone', async () => {
    const local = createLocalStorage(path.join(dataDir, 'media'));
    const files = Array.from({ length: 7 }, (_, i) => randomBytes(1000 + i));
    const keys = files.map((f, i) => contentKey(f, i % 2 ? 'orig' : 'w320', 'webp'));
    for (const [i, key] of keys.entries()) await local.put(key, files[i]!, 'image/webp');
    // Not ours: never copied.
    fs.writeFileSync(path.join(dataDir, 'media', 'notes.txt'), 'x');
    fs.writeFileSync(path.join(dataDir, 'media', keys[0]!.slice(0, 2), 'stray.tmp'), 'x');

    const bucket = createS3Storage(s3.config);
    // One already in the bucket (an interrupted earlier run).
    await bucket.put(keys[3]!, files[3]!, 'image/webp');

    const first = await run({ ...s3.env, DATA_DIR: dataDir });
    expect(first.output).toContain('media:migrate done: 6 copied, 1 already in the bucket');
    expect(first.code).toBe(0);
    for (const [i, key] of keys.entries()) expect(await bucket.get(key)).toEqual(files[i]);
    expect(await local.has(keys[0]!)).toBe(true);

    const again = await run({ ...s3.env, DATA_DIR: dataDir });
    expect(again.output).toContain('media:migrate done: 0 copied, 7 already in the bucket');
  }, 60_000);

  it('refuses to start without a bucket, and names an unreachable one', async () => {
    const noBucket = await run({ DATA_DIR: dataDir, S3_BUCKET: '' });
    expect(noBucket.code).toBe(1);
    expect(noBucket.output).toContain('S3_BUCKET: required when MEDIA_STORE=s3');

    const missing = await run({ ...s3.env, DATA_DIR: dataDir, S3_BUCKET: 'not-there' });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('The bucket not-there cannot be reached');
  }, 60_000);
});
