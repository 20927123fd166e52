import path from 'node:path';
import { createLocalStorage, listLocalMediaKeys } from './local-storage.js';
import { contentTypeOfKey, type MediaStorage } from './media-storage.js';

export interface MigrateResult {
  /** Objects written to the target. */
  copied: number;
  /** Objects the target already held (same key: same bytes). */
  present: number;
}

const IN_FLIGHT = 4;

/**
 * Copies every media file under a local root into `target` (the bucket), keeping the keys, so the
 * `/media/<key>` paths in the database stay valid. Idempotent: objects already there are skipped,
 * so an interrupted run is simply run again. Local files are left in place.
 */
export async function copyLocalMedia(
  root: string,
  target: MediaStorage,
  onProgress: (done: MigrateResult) => void = () => {},
): Promise<MigrateResult> {
  const source = createLocalStorage(path.resolve(root));
  const result: MigrateResult = { copied: 0, present: 0 };
  const running = new Set<Promise<void>>();
  const copyOne = async (key: string) => {
    if (await target.has(key)) {
      result.present += 1;
    } else {
      const data = await source.get(key);
      if (!data) return; // removed meanwhile
      await target.put(key, data, contentTypeOfKey(key));
      result.copied += 1;
    }
    onProgress(result);
  };
  for await (const key of listLocalMediaKeys(path.resolve(root))) {
    const task = copyOne(key).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= IN_FLIGHT) await Promise.race(running);
  }
  await Promise.all(running);
  return result;
}
