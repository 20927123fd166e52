import type { Config } from '../../config.js';
import { createLocalStorage } from './local-storage.js';
import type { MediaStorage } from './media-storage.js';

export * from './media-storage.js';
export { createLocalStorage } from './local-storage.js';

/** The store the configuration names. `MEDIA_STORE=s3` plugs in here once it exists. */
export function createMediaStorage(config: Pick<Config, 'mediaStore' | 'mediaDir'>): MediaStorage {
  switch (config.mediaStore) {
    case 'local':
      return createLocalStorage(config.mediaDir);
  }
}
