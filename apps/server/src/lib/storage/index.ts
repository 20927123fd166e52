import type { Config } from '../../config.js';
import { createLocalStorage } from './local-storage.js';
import type { MediaStorage } from './media-storage.js';
import { createS3Storage } from './s3-storage.js';

export * from './media-storage.js';
export { createLocalStorage, listLocalMediaKeys } from './local-storage.js';
export { createS3Client, createS3Storage, MULTIPART_PART_BYTES } from './s3-storage.js';

/** The store the configuration names: the local disk, or an S3-compatible bucket. */
export function createMediaStorage(config: Pick<Config, 'mediaStore' | 'mediaDir' | 's3'>): MediaStorage {
  switch (config.mediaStore) {
    case 'local':
      return createLocalStorage(config.mediaDir);
    case 's3':
      if (!config.s3) throw new Error('MEDIA_STORE=s3 needs the S3_* settings');
      return createS3Storage(config.s3);
  }
}
