import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
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

/** Uploads never attached to a post and created before `createdBefore`, oldest batch first. */
export function selectOrphanUploads(db: DbOrTx, opts: { createdBefore: Date; limit: number }) {
  return db
    .select({ id: mediaUploads.id, storageKeys: mediaUploads.storageKeys })
    .from(mediaUploads)
    .where(and(isNull(mediaUploads.postId), lt(mediaUploads.createdAt, opts.createdBefore)))
    .limit(opts.limit);
}

/** Deletes these uploads unless a post claimed one since they were selected. */
export async function deleteUnclaimedUploads(db: DbOrTx, ids: string[]): Promise<void> {
  await db.delete(mediaUploads).where(and(inArray(mediaUploads.id, ids), isNull(mediaUploads.postId)));
}

/**
 * The storage keys (with their stored URLs, same order) that no upload, post image or variant, or
 * avatar references any more: only those files may be deleted.
 */
export async function selectUnreferencedKeys(db: DbOrTx, keys: string[], urls: string[]): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`SELECT c.key FROM unnest(${sql.param(keys)}::text[], ${sql.param(urls)}::text[]) AS c(key, url)
        WHERE NOT EXISTS (SELECT 1 FROM media_uploads m WHERE m.storage_keys @> ARRAY[c.key])
          AND NOT EXISTS (SELECT 1 FROM post_media p
                          WHERE p.url = c.url OR p.variants @> jsonb_build_array(jsonb_build_object('url', c.url)))
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.avatar_url = c.url)`,
  );
  return rows.map((r) => r.key);
}
