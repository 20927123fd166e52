import type { AppContext } from '../../context.js';
import { deleteUnclaimedUploads, selectOrphanUploads, selectUnreferencedKeys } from './media.repo.js';

/** Uploads never attached to a post are kept this long (a member may still be writing the post). */
export const ORPHAN_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
export const ORPHAN_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const CLEANUP_BATCH = 200;

/**
 * Deletes uploads that were never attached to a post (or whose post was deleted) and are older
 * than `olderThanMs`, then the stored files nothing references any more. Keys are
 * content-addressed and shared by equal bytes, so a file is deleted only when no other upload,
 * post image or avatar still points at it. Returns how many uploads and files went.
 */
export async function cleanupOrphanUploads(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  opts: { olderThanMs?: number; now?: Date } = {},
): Promise<{ uploads: number; files: number }> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - (opts.olderThanMs ?? ORPHAN_UPLOAD_TTL_MS));
  const orphans = await selectOrphanUploads(ctx.db, { createdBefore: cutoff, limit: CLEANUP_BATCH });
  if (orphans.length === 0) return { uploads: 0, files: 0 };
  await deleteUnclaimedUploads(
    ctx.db,
    orphans.map((o) => o.id),
  );

  const keys = [...new Set(orphans.flatMap((o) => o.storageKeys))];
  if (keys.length === 0) return { uploads: orphans.length, files: 0 };
  const urls = keys.map((k) => ctx.storage.urlOf(k));
  const unreferenced = await selectUnreferencedKeys(ctx.db, keys, urls);
  for (const key of unreferenced) await ctx.storage.delete(key);
  return { uploads: orphans.length, files: unreferenced.length };
}
