import { MAX_IMAGES_PER_POST, MAX_IMAGE_BYTES, MSG, POST_MSG, type UploadedMedia } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { ImageRejectedError, inspectImage, processUpload, type ImageRejection } from './media.pipeline.js';
import { isValidMediaKey, trackNewObjects } from '../../lib/storage/index.js';
import { insertUploads, selectUnreferencedKeys } from './media.repo.js';
import type { ReadImagePartsOptions } from './media.multipart.js';

/** How POST /api/posts/upload-media reads its multipart body. */
export const POST_MEDIA_PARTS: ReadImagePartsOptions = {
  field: 'media',
  maxFiles: MAX_IMAGES_PER_POST,
  maxBytes: MAX_IMAGE_BYTES,
  messages: { tooManyFiles: POST_MSG.tooManyImages, tooLarge: MSG.imageTooLarge, noFiles: POST_MSG.noImages },
};

/**
 * Maps a pipeline rejection to a 400 with the caller's wording. Exported for the avatar upload,
 * which words "not an image" differently (MSG.avatarInvalid).
 */
export function imageRejectionError(err: unknown, messages: Record<ImageRejection, string>): unknown {
  return err instanceof ImageRejectedError ? new AppError('VALIDATION', messages[err.reason]) : err;
}

const POST_IMAGE_REJECTIONS: Record<ImageRejection, string> = {
  not_image: MSG.onlyImages,
  unreadable: MSG.onlyImages,
  too_many_pixels: POST_MSG.imageTooManyPixels,
};

/**
 * Processes a post's images and records each as an upload of `ownerId`, to be attached by
 * POST /api/posts. Every file's header is checked before any is processed, so one bad file in a
 * batch refuses the batch without storing the others.
 */
export async function uploadPostMedia(
  ctx: AppContext,
  ownerId: string,
  files: Buffer[],
  urls: PublicUrls,
): Promise<UploadedMedia[]> {
  // A disk below MIN_FREE_DISK_MB refuses the upload (507) before any work.
  await ctx.storage.ensureRoom(files.reduce((sum, f) => sum + f.length, 0));
  const writes = trackNewObjects(ctx.storage);
  try {
    for (const file of files) await inspectImage(file);
    // One at a time, through the process's image pool (other uploads' images wait their turn too).
    const processed = [];
    for (const file of files) processed.push(await processUpload(writes.storage, file, { kind: 'post' }));
    const rows = await insertUploads(
      ctx.db,
      processed.map((p) => ({
        id: newId(),
        ownerId,
        url: p.url,
        width: p.width,
        height: p.height,
        placeholder: p.placeholder,
        variants: p.variants,
        storageKeys: p.storageKeys,
      })),
    );
    return rows.map((r) => ({
      url: urls.media(r.url),
      width: r.width,
      height: r.height,
      placeholder: r.placeholder,
      variants: r.variants.map((v) => ({ width: v.width, url: urls.media(v.url) })),
    }));
  } catch (err) {
    await takeBack(ctx, writes.created());
    throw imageRejectionError(err, POST_IMAGE_REJECTIONS);
  }
}

/**
 * Deletes the files a failed upload created, leaving nothing of it behind. Those something
 * references are kept (an identical upload may have recorded the same content-addressed file
 * meanwhile); when the database cannot say (it is what failed), the files this request created are
 * deleted anyway: no row was written for them. Best effort: the store that just failed may refuse
 * too.
 */
export async function takeBack(ctx: AppContext, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await deleteUnreferencedMedia(ctx, { storageKeys: keys, urls: [] });
  } catch {
    for (const key of keys) await ctx.storage.delete(key).catch(() => undefined);
  }
}

/** The storage key of a stored media URL (its last path segment), or null for anything else. */
function keyOfUrl(url: string): string | null {
  const key = url.slice(url.lastIndexOf('/') + 1);
  return isValidMediaKey(key) ? key : null;
}

/**
 * Deletes the given files (by key or by stored URL) that nothing references any more. Files are
 * content-addressed and may be shared with another member's upload, post or avatar, so each key
 * is checked against every reference first.
 */
export async function deleteUnreferencedMedia(
  ctx: AppContext,
  media: { storageKeys: string[]; urls: string[] },
): Promise<void> {
  const keys = new Set(media.storageKeys.filter(isValidMediaKey));
  for (const url of media.urls) {
    const key = keyOfUrl(url);
    if (key) keys.add(key);
  }
  if (keys.size === 0) return;
  const list = [...keys];
  const unreferenced = await selectUnreferencedKeys(
    ctx.db,
    list,
    list.map((k) => ctx.storage.urlOf(k)),
  );
  for (const key of unreferenced) await ctx.storage.delete(key);
}
