import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { DiskGuard } from './disk-space.js';
import {
  contentTypeOfKey,
  isValidMediaKey,
  MEDIA_URL_PREFIX,
  type MediaStorage,
  type StoredObject,
} from './media-storage.js';

/**
 * The write path's system calls, replaceable by tests: they make a write fail with a real ENOSPC
 * (writing to /dev/full) part-way through a file, or watch the syncs happen. Production uses the
 * defaults.
 */
export interface LocalWriteIo {
  write(handle: fsp.FileHandle, data: Buffer): Promise<void>;
  syncFile(handle: fsp.FileHandle): Promise<void>;
  syncDir(dir: string): Promise<void>;
}

export const REAL_WRITE_IO: LocalWriteIo = {
  async write(handle, data) {
    await handle.writeFile(data);
  },
  async syncFile(handle) {
    await handle.sync();
  },
  async syncDir(dir) {
    const handle = await fsp.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
};

export interface LocalStorageOptions {
  /** Refuses a write (507) that would leave less than the configured floor free. */
  disk?: DiskGuard;
  io?: LocalWriteIo;
}

/** Temporary files: `<final name>.<writer pid>.<random>.tmp`, renamed once complete. */
const TMP_PATTERN = /\.(\d+)\.[0-9a-f]{12}\.tmp$/;

/**
 * Media on the local disk under `root`, served by the app at /media/<key>. Files are spread over
 * 256 subdirectories by the first two hex characters so no directory grows huge.
 */
export function createLocalStorage(root: string, opts: LocalStorageOptions = {}): MediaStorage {
  const absoluteRoot = path.resolve(root);
  const io = opts.io ?? REAL_WRITE_IO;

  function pathOf(key: string): string {
    // The key pattern already rules out separators and dots-only names; the prefix check is a
    // second, independent guard so a future change to the pattern cannot open a traversal.
    if (!isValidMediaKey(key)) throw new Error('invalid media key');
    const file = path.resolve(absoluteRoot, key.slice(0, 2), key);
    if (!file.startsWith(absoluteRoot + path.sep)) throw new Error('invalid media key');
    return file;
  }

  const urlOf = (key: string) => `${MEDIA_URL_PREFIX}${key}`;

  async function read(key: string): Promise<StoredObject | null> {
    if (!isValidMediaKey(key)) return null;
    const file = pathOf(key);
    try {
      const stat = await fsp.stat(file);
      if (!stat.isFile()) return null;
      return { stream: fs.createReadStream(file), size: stat.size, contentType: contentTypeOfKey(key) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  return {
    kind: 'local',

    async put(key, data) {
      const file = pathOf(key);
      // Content-addressed: an existing file already holds exactly these bytes.
      if (fs.existsSync(file)) return urlOf(key);
      await opts.disk?.ensureRoom(data.length);
      const dir = path.dirname(file);
      await fsp.mkdir(dir, { recursive: true });
      // Write, sync, rename, sync the directory: a reader never sees a half-written file under the
      // final name, and once put() resolves (and the upload is acknowledged) the file and its name
      // survive a crash or a power cut. A failed write (a full disk) leaves no temporary file.
      const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      writing.add(tmp);
      try {
        const handle = await fsp.open(tmp, 'wx');
        try {
          await io.write(handle, data);
          await io.syncFile(handle);
        } finally {
          await handle.close();
        }
        await fsp.rename(tmp, file);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      } finally {
        writing.delete(tmp);
      }
      await io.syncDir(dir);
      return urlOf(key);
    },

    async has(key) {
      if (!isValidMediaKey(key)) return false;
      return fs.existsSync(pathOf(key));
    },

    async get(key) {
      if (!isValidMediaKey(key)) return null;
      try {
        return await fsp.readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    read,
    stream: read,

    async delete(key) {
      if (!isValidMediaKey(key)) return;
      await fsp.rm(pathOf(key), { force: true });
    },

    urlOf,

    async check() {
      // The directory exists (or can be made) and this process may write into it.
      await fsp.mkdir(absoluteRoot, { recursive: true });
      await fsp.access(absoluteRoot, fs.constants.W_OK);
    },

    async ensureRoom(bytes) {
      await opts.disk?.ensureRoom(bytes);
    },
  };
}

/**
 * The temporary files this process is writing now. The sweep below counts a file with this
 * process's pid as an earlier run's leftover (a container's server is pid 1 every time), so it
 * must know which of them are live: the first start writes its demo photos while the database
 * starts, and a sweep that removed one of them crashed `npm start` (ENOENT at the rename).
 */
const writing = new Set<string>();

/**
 * Removes temporary files a crashed writer left (a write cut off by a kill or a power cut): those
 * of processes that are gone, of this very process (at start it has written nothing yet: a
 * leftover with its pid is from an earlier run), and any older than a day. Run at start, before
 * the server takes uploads. Answers how many were removed.
 */
export async function sweepLocalLeftovers(root: string): Promise<number> {
  let shards: string[];
  try {
    shards = await fsp.readdir(root);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  const dayAgo = Date.now() - 24 * 60 * 60_000;
  for (const shard of shards) {
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    for (const name of await fsp.readdir(path.join(root, shard))) {
      const match = TMP_PATTERN.exec(name) ?? (name.endsWith('.tmp') ? [name, '0'] : null);
      if (!match) continue;
      const file = path.join(root, shard, name);
      if (writing.has(path.resolve(file))) continue;
      const pid = Number(match[1]);
      const stale = pid === process.pid || !isProcessAlive(pid) || (await fsp.stat(file)).mtimeMs < dayAgo;
      if (stale) {
        await fsp.rm(file, { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}

function isProcessAlive(pid: number): boolean {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Every media key stored under a local root (`media:migrate` copies them into the bucket). */
export async function* listLocalMediaKeys(root: string): AsyncGenerator<string> {
  let shards: string[];
  try {
    shards = await fsp.readdir(root);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const shard of shards.sort()) {
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    for (const name of (await fsp.readdir(path.join(root, shard))).sort()) {
      if (isValidMediaKey(name) && name.startsWith(shard)) yield name;
    }
  }
}
