import type { Config } from '../../config.js';
import type { DiskGuard } from './disk-space.js';
import { createLocalStorage } from './local-storage.js';
import type { MediaStorage } from './media-storage.js';
import { createS3Storage } from './s3-storage.js';

export * from './media-storage.js';
export { createDiskGuard, type DiskGuard, type DiskState } from './disk-space.js';
export {
  createLocalStorage,
  listLocalMediaKeys,
  REAL_WRITE_IO,
  sweepLocalLeftovers,
  type LocalWriteIo,
} from './local-storage.js';
export { createS3Client, createS3Storage, MULTIPART_PART_BYTES } from './s3-storage.js';

/**
 * The store the configuration names: the local disk (kept above `disk`'s floor), or an
 * S3-compatible bucket.
 */
export function createMediaStorage(
  config: Pick<Config, 'mediaStore' | 'mediaDir' | 's3'>,
  opts: { disk?: DiskGuard | null } = {},
): MediaStorage {
  switch (config.mediaStore) {
    case 'local':
      return createLocalStorage(config.mediaDir, { disk: opts.disk ?? undefined });
    case 's3':
      if (!config.s3) throw new Error('MEDIA_STORE=s3 needs the S3_* settings');
      return createS3Storage(config.s3);
  }
}
