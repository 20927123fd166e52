import { MAX_AVATAR_BYTES, MSG, POST_MSG, USER_MSG, type AvatarResponse } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { trackNewObjects } from '../../lib/storage/index.js';
import type { Viewer } from '../../lib/permissions.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import type { ReadImagePartsOptions } from '../media/media.multipart.js';
import { processUpload, type ImageRejection } from '../media/media.pipeline.js';
import { deleteUnreferencedMedia, imageRejectionError, takeBack } from '../media/media.service.js';
import { toSelfUser } from './users.mapper.js';
import { replaceAvatar } from './users.repo.js';

/** How POST /api/users/avatar reads its multipart body: one file in `avatar`, at most 5 MB. */
export const AVATAR_PARTS: ReadImagePartsOptions = {
  field: 'avatar',
  maxFiles: 1,
  maxBytes: MAX_AVATAR_BYTES,
  messages: {
    tooManyFiles: MSG.avatarSingleFile,
    tooLarge: MSG.avatarTooLarge,
    noFiles: MSG.avatarInvalid,
  },
};

const AVATAR_REJECTIONS: Record<ImageRejection, string> = {
  not_image: MSG.avatarInvalid,
  unreadable: MSG.avatarInvalid,
  too_many_pixels: POST_MSG.imageTooManyPixels,
};

/** The key is the URL's last segment: never the client's file name, which can say too much. */
function filenameOf(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}

/**
 * Replaces the avatar with a square, metadata-free crop made by the shared media pipeline (400 px,
 * or the source's shorter side when smaller). The replaced file is deleted once nothing else
 * references it: keys are content-addressed, so another member may use the same picture.
 */
export async function uploadAvatar(
  ctx: AppContext,
  viewer: Viewer,
  file: Buffer,
  urls: PublicUrls,
): Promise<AvatarResponse> {
  await ctx.storage.ensureRoom(file.length);
  const writes = trackNewObjects(ctx.storage);
  let url: string;
  try {
    ({ url } = await processUpload(writes.storage, file, { kind: 'avatar' }));
  } catch (err) {
    await takeBack(ctx, writes.created());
    throw imageRejectionError(err, AVATAR_REJECTIONS);
  }
  const replaced = await replaceAvatar(ctx.db, viewer.id, {
    avatarUrl: url,
    avatarFilename: filenameOf(url),
    avatarUploadedAt: new Date(),
  }).catch(async (err: unknown) => {
    await takeBack(ctx, writes.created());
    throw err;
  });
  if (!replaced) {
    await deleteUnreferencedMedia(ctx, { storageKeys: [], urls: [url] });
    throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  }
  const { row, previousUrl } = replaced;
  if (previousUrl && previousUrl !== url) {
    await deleteUnreferencedMedia(ctx, { storageKeys: [], urls: [previousUrl] });
  }
  return { avatarUrl: urls.media(url), user: toSelfUser(row, urls) };
}
