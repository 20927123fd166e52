/**
 * The service worker's runtime caches (names set in vite.config.ts). API answers are cached per
 * URL whoever asked, so they are the signed-in member's: they go on logout, before anyone else
 * can sign in on this device and read them offline. Photos stay (content-addressed, public URLs).
 */
export const API_CACHE_NAME = 'glimpse-api';

export async function clearPrivateCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(API_CACHE_NAME);
  } catch (error) {
    console.error('Clearing the offline cache failed', error);
  }
}
