import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_MSG, type Readiness, type UploadedMedia } from '@glimpse/shared';
import { multipart, solidImage, type FilePart } from '../../modules/media/media.fixtures.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { createLocalStorage, REAL_WRITE_IO, sweepLocalLeftovers, type LocalWriteIo } from './index.js';

/**
 * The media store and the disk failing under uploads: an object store that is gone (s3rver
 * stopped), a disk that fills up part-way through an upload (a real ENOSPC from /dev/full, and a
 * real small tmpfs when this machine lets the test mount one), a disk below MIN_FREE_DISK_MB.
 * Each answers 503 (or 507) with a clear message and leaves nothing behind: no row, no file, no
 * temporary file.
 */

function upload(t: TestApp, who: SeededUser, files: FilePart[]) {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: '/api/posts/upload-media',
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
}

/** Every file under the media directory (temporary ones included). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

async function uploadRows(t: TestApp, who: SeededUser): Promise<number> {
  const { rowCount } = await t.database.pool.query('SELECT 1 FROM media_uploads WHERE owner_id = $1', [
    who.id,
  ]);
  return rowCount ?? 0;
}

/** A write that gets half the file down, then fails the way a full disk does: /dev/full answers ENOSPC. */
async function writeUntilFull(handle: fsp.FileHandle, data: Buffer): Promise<void> {
  await handle.write(data.subarray(0, data.length >> 1));
  const full = await fsp.open('/dev/full', 'w');
  try {
    await full.write(data);
  } finally {
    await full.close();
  }
}

describe('the object store stopped (s3rver)', () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uploads and media reads answer 503 with Retry-After and leave no row; both work again once it is back', async () => {
    const member = await seedUser(t);
    const stored = await upload(t, member, [{ data: await solidImage(64, 48) }]);
    expect(stored.statusCode).toBe(200);
    const mediaPath = new URL(stored.json<{ media: UploadedMedia[] }>().media[0]!.url).pathname;

    const other = await seedUser(t);
    await s3.stop();
    try {
      const res = await upload(t, other, [{ data: await solidImage(80, 60) }]);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: OPS_MSG.mediaStoreUnavailable });
      expect(await uploadRows(t, other)).toBe(0);

      const read = await t.app.inject({ method: 'GET', url: mediaPath });
      expect(read.statusCode).toBe(503);
      expect(read.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await s3.start();
    }
    expect((await upload(t, other, [{ data: await solidImage(80, 60) }])).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: mediaPath })).statusCode).toBe(200);
  }, 60_000);
});

describe('the local disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const useIo = (io: LocalWriteIo) => {
    t.app.ctx.storage = createLocalStorage(t.config.mediaDir, { disk: t.app.ctx.disk ?? undefined, io });
  };

  it('full part-way through an upload (a real ENOSPC): 507, and no row, no file, no temporary file is left', async () => {
    const member = await seedUser(t);
    let puts = 0;
    // The first files (the original and a variant) are written; the third meets a full disk.
    useIo({
      ...REAL_WRITE_IO,
      write: (handle, data) => (++puts >= 3 ? writeUntilFull(handle, data) : handle.writeFile(data)),
    });
    try {
      const res = await upload(t, member, [{ data: await solidImage(1200, 800, 'jpeg') }]);
      expect(puts).toBe(3);
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ code: 'INSUFFICIENT_STORAGE', message: OPS_MSG.insufficientStorage });
      expect(await uploadRows(t, member)).toBe(0);
      expect(filesUnder(t.config.mediaDir)).toEqual([]);
    } finally {
      useIo(REAL_WRITE_IO);
    }
  });

  it('each file is synced, renamed, and its directory synced, before the upload is answered', async () => {
    const member = await seedUser(t);
    const steps: string[] = [];
    useIo({
      async write(handle, data) {
        steps.push('write');
        await REAL_WRITE_IO.write(handle, data);
      },
      async syncFile(handle) {
        steps.push('sync file');
        await REAL_WRITE_IO.syncFile(handle);
      },
      async syncDir(dir) {
        // The rename happened before: the final name is already in the directory being synced.
        const named = fs.readdirSync(dir).filter((f) => f.endsWith('.webp')).length;
        steps.push(named > 0 ? 'sync dir (renamed)' : 'sync dir (nothing renamed)');
        await REAL_WRITE_IO.syncDir(dir);
      },
    });
    try {
      const res = await upload(t, member, [{ data: await solidImage(700, 500, 'jpeg') }]);
      steps.push('answered');
      expect(res.statusCode).toBe(200);
      const files = res.json<{ media: UploadedMedia[] }>().media[0]!.variants.length;
      expect(files).toBeGreaterThan(1);
      expect(steps).toEqual([
        ...Array(files).fill(['write', 'sync file', 'sync dir (renamed)']).flat(),
        'answered',
      ]);
    } finally {
      useIo(REAL_WRITE_IO);
    }
  });

  it('temporary files left by a crash are swept at start; a live writer’s are kept', async () => {
    const shard = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-sweep-')), 'ab');
    fs.mkdirSync(shard, { recursive: true });
    const key = `ab${'0'.repeat(62)}-orig.webp`;
    const names = {
      deadWriter: `${key}.999999999.0123456789ab.tmp`,
      thisProcess: `${key}.${process.pid}.0123456789ab.tmp`,
      liveWriter: `${key}.${process.ppid}.0123456789ab.tmp`,
      olderFormat: `${key}.0123456789ab.tmp`,
      media: key,
    };
    for (const name of Object.values(names)) fs.writeFileSync(path.join(shard, name), 'x');
    expect(await sweepLocalLeftovers(path.dirname(shard))).toBe(3);
    expect(fs.readdirSync(shard).sort()).toEqual([names.liveWriter, names.media].sort());
    fs.rmSync(path.dirname(shard), { recursive: true, force: true });
  });

  it('a sweep keeps the temporary file of a write this process has under way (the first start’s demo photos)', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-sweep-live-'));
    let inSync!: () => void;
    const syncing = new Promise<void>((resolve) => (inSync = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The real write path, held between the write and its sync: the temporary file is on disk.
    const storage = createLocalStorage(root, {
      io: {
        ...REAL_WRITE_IO,
        async syncFile(handle) {
          inSync();
          await released;
          await REAL_WRITE_IO.syncFile(handle);
        },
      },
    });
    const key = `cd${'1'.repeat(62)}-orig.webp`;
    const put = storage.put(key, Buffer.from('photo'), 'image/webp');
    await syncing;
    expect(fs.readdirSync(path.join(root, 'cd'))).toEqual([expect.stringMatching(/\.tmp$/)]);
    expect(await sweepLocalLeftovers(root)).toBe(0);
    release();
    await put;
    expect(fs.readdirSync(path.join(root, 'cd'))).toEqual([key]);
    expect(fs.readFileSync(path.join(root, 'cd', key), 'utf8')).toBe('photo');
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('a disk below MIN_FREE_DISK_MB', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A floor far above any real disk's free space.
    t = await createTestApp({ MIN_FREE_DISK_MB: String(1024 ** 3) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes readiness 503 naming the disk, and refuses uploads with 507 before any work', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    const body = ready.json<Readiness>();
    expect(body.checks).toEqual({ database: 'up', redis: 'off', media: 'up', disk: 'down' });
    expect(body.message).toMatch(/^Not ready: low disk space \(\d+ MB free, 1073741824 MB needed\)$/);

    const member = await seedUser(t);
    const res = await upload(t, member, [{ data: await solidImage(64, 48) }]);
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STORAGE' });
    expect(filesUnder(t.config.mediaDir)).toEqual([]);
    expect(await uploadRows(t, member)).toBe(0);
  });
});

/** A tmpfs of `mb` megabytes mounted by the test, when this machine allows it (root with CAP_SYS_ADMIN). */
function mountTmpfs(mb: number): { dir: string; unmount(): void } | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-tmpfs-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m,mode=0755`, 'tmpfs', dir]);
  if (mounted.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    unmount() {
      spawnSync('umount', [dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const tmpfs = mountTmpfs(16);
if (!tmpfs) console.warn('small-disk test skipped: this machine does not let the test mount a tmpfs');

/** Fills the disk under `dir` with a file of its own until `leaveMb` megabytes are free. */
function fillDisk(dir: string, leaveMb: number): void {
  const { bavail, bsize } = fs.statfsSync(dir);
  const bytes = bavail * bsize - leaveMb * 1024 * 1024;
  if (bytes > 0) fs.appendFileSync(path.join(dir, 'filler'), Buffer.alloc(Math.floor(bytes)));
}

describe.skipIf(!tmpfs)('a real small disk (a 16 MB tmpfs as DATA_DIR)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: tmpfs!.dir, MIN_FREE_DISK_MB: '8' });
  });
  afterAll(async () => {
    await t?.close();
    tmpfs!.unmount();
  });
  const freeMb = () =>
    Math.floor((fs.statfsSync(tmpfs!.dir).bavail * fs.statfsSync(tmpfs!.dir).bsize) / 1024 ** 2);
  /** The guard reads the disk at most once a second: wait until it has seen the filler. */
  const guardSees = async (mb: number) => {
    const deadline = Date.now() + 10_000;
    while ((await t.app.ctx.disk!.state()).freeMb > mb) {
      if (Date.now() > deadline) throw new Error('the disk guard never saw the disk fill');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('takes uploads above MIN_FREE_DISK_MB and refuses them (507) near it, before the disk fills', async () => {
    const member = await seedUser(t);
    const image = await solidImage(600, 400, 'png');
    expect((await upload(t, member, [{ data: image }])).statusCode).toBe(200);
    fillDisk(tmpfs!.dir, 8.5);
    await guardSees(9);
    const res = await upload(t, member, [{ data: image }]);
    expect(res.statusCode).toBe(507);
    expect(freeMb()).toBeGreaterThanOrEqual(8);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json<Readiness>().checks.disk).toBe('up'); // still above the floor itself
    expect(await uploadRows(t, member)).toBe(1);
  });

  it('without a floor, the disk itself fills mid-write: 507, and no temporary file or row is left', async () => {
    const member = await seedUser(t);
    t.app.ctx.storage = createLocalStorage(t.config.mediaDir);
    fillDisk(tmpfs!.dir, 0.05);
    const before = filesUnder(t.config.mediaDir).length;
    const res = await upload(t, member, [{ data: await solidImage(600, 400, 'png') }]);
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STORAGE' });
    expect(filesUnder(t.config.mediaDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(filesUnder(t.config.mediaDir)).toHaveLength(before);
    expect(await uploadRows(t, member)).toBe(0);
  });
});
