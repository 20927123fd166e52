import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  contentTypeOfKey,
  isValidMediaKey,
  MEDIA_URL_PREFIX,
  type MediaStorage,
  type StoredObject,
} from './media-storage.js';

/**
 * Media on the local disk under `root`, served by the app at /media/<key>. Files are spread over
 * 256 subdirectories by the first two hex characters so no directory grows huge.
 */
export function createLocalStorage(root: string): MediaStorage {
  const absoluteRoot = path.resolve(root);

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
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees a half-written file under the final name.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await fsp.writeFile(tmp, data);
      await fsp.rename(tmp, file);
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
  };
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
