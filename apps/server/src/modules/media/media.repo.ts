import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mediaUploads } from '../../db/schema/index.js';

export type MediaUploadRow = typeof mediaUploads.$inferSelect;
export type NewMediaUpload = typeof mediaUploads.$inferInsert;

const uploadColumns = {
  id: mediaUploads.id,
  url: mediaUploads.url,
  width: mediaUploads.width,
  height: mediaUploads.height,
  placeholder: mediaUploads.placeholder,
  variants: mediaUploads.variants,
};
export type ClaimedUpload = { [K in keyof typeof uploadColumns]: MediaUploadRow[K] };

export async function insertUploads(db: DbOrTx, rows: NewMediaUpload[]): Promise<ClaimedUpload[]> {
  if (rows.length === 0) return [];
  return db.insert(mediaUploads).values(rows).returning(uploadColumns);
}

/**
 * Attaches the owner's not-yet-attached uploads of these URLs to a post, one upload per URL
 * (the newest, when the member uploaded the same bytes twice). Returns what it attached; fewer
 * rows than URLs means some URL is not an attachable upload of this owner.
 *
 * Race-safe without explicit locks: if two posts claim the same upload at once, the second
 * UPDATE waits for the first's row lock, re-checks `post_id IS NULL`, and skips the row.
 */
export async function claimUploads(
  tx: DbOrTx,
  ownerId: string,
  postId: string,
  urls: string[],
): Promise<ClaimedUpload[]> {
  if (urls.length === 0) return [];
  const candidates = tx
    .selectDistinctOn([mediaUploads.url], { id: mediaUploads.id })
    .from(mediaUploads)
    .where(
      and(eq(mediaUploads.ownerId, ownerId), isNull(mediaUploads.postId), inArray(mediaUploads.url, urls)),
    )
    .orderBy(mediaUploads.url, desc(mediaUploads.createdAt));
  return tx
    .update(mediaUploads)
    .set({ postId })
    .where(and(inArray(mediaUploads.id, candidates), isNull(mediaUploads.postId)))
    .returning(uploadColumns);
}
