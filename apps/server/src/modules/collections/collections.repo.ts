import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { collectionPosts, collections, postMedia, posts } from '../../db/schema/index.js';
import type { PageWindow, TimeKey } from '../../lib/pagination.js';
import { descIndexed, exactTime, postPageColumns } from '../posts/posts.repo.js';
import { visiblePostsWhere, type PostViewer } from '../posts/posts.visibility.js';

export type CollectionRow = typeof collections.$inferSelect;

export async function insertCollection(
  db: DbOrTx,
  values: typeof collections.$inferInsert,
): Promise<CollectionRow> {
  const [row] = await db.insert(collections).values(values).returning();
  return row!;
}

export async function findCollection(db: DbOrTx, id: string): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id)).limit(1);
  return row;
}

export async function updateCollectionRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof collections.$inferInsert>,
): Promise<CollectionRow | undefined> {
  const [row] = await db.update(collections).set(values).where(eq(collections.id, id)).returning();
  return row;
}

export async function deleteCollectionRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(collections).where(eq(collections.id, id));
}

export async function countCollectionsOf(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(collections)
    .where(eq(collections.ownerId, ownerId));
  return row?.n ?? 0;
}

/** The member's collections, newest first; others see the public ones only. */
export async function selectCollectionsOf(
  db: DbOrTx,
  ownerId: string,
  opts: { includePrivate: boolean; max: number },
): Promise<CollectionRow[]> {
  const where = [eq(collections.ownerId, ownerId)];
  if (!opts.includePrivate) where.push(eq(collections.isPrivate, false));
  return db
    .select()
    .from(collections)
    .where(and(...where))
    .orderBy(descIndexed(collections.createdAt), asc(collections.id))
    .limit(opts.max);
}

export async function insertCollectionPost(db: DbOrTx, collectionId: string, postId: string): Promise<void> {
  await db.insert(collectionPosts).values({ collectionId, postId }).onConflictDoNothing();
}

export async function deleteCollectionPost(db: DbOrTx, collectionId: string, postId: string): Promise<void> {
  await db
    .delete(collectionPosts)
    .where(and(eq(collectionPosts.collectionId, collectionId), eq(collectionPosts.postId, postId)));
}

/**
 * For each collection: how many of its posts this viewer may see, and the first image of the
 * newest one (the cover). One grouped statement for the whole list.
 */
export async function selectCollectionSummaries(
  db: DbOrTx,
  ids: string[],
  viewer: PostViewer | null,
): Promise<Map<string, { postsCount: number; coverPath: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: collectionPosts.collectionId,
      postsCount: sql<number>`count(*)::int`,
      coverPostId: sql<string>`(array_agg(${posts.id} order by ${collectionPosts.addedAt} desc, ${posts.id}))[1]`,
    })
    .from(collectionPosts)
    .innerJoin(posts, eq(posts.id, collectionPosts.postId))
    .where(and(inArray(collectionPosts.collectionId, ids), visiblePostsWhere(viewer)))
    .groupBy(collectionPosts.collectionId);
  const coverIds = rows.map((r) => r.coverPostId);
  const covers =
    coverIds.length === 0
      ? []
      : await db
          .selectDistinctOn([postMedia.postId], {
            postId: postMedia.postId,
            url: postMedia.url,
            variants: postMedia.variants,
          })
          .from(postMedia)
          .where(inArray(postMedia.postId, coverIds))
          .orderBy(postMedia.postId, asc(postMedia.position));
  const coverOf = new Map(
    covers.map((c) => {
      // The smallest rendition is enough for a cover tile.
      const smallest = [...c.variants].sort((a, b) => a.width - b.width)[0];
      return [c.postId, smallest?.url ?? c.url];
    }),
  );
  return new Map(
    rows.map((r) => [r.id, { postsCount: r.postsCount, coverPath: coverOf.get(r.coverPostId) ?? null }]),
  );
}

/** The collection's posts the viewer may see, newest added first (collection_posts_added_idx). */
export function selectCollectionPage(
  db: DbOrTx,
  collectionId: string,
  viewer: PostViewer | null,
  win: PageWindow<TimeKey>,
) {
  const where: SQL[] = [eq(collectionPosts.collectionId, collectionId), visiblePostsWhere(viewer)];
  if (win.after) {
    const t = sql`${win.after.t}::timestamptz`;
    where.push(
      or(
        sql`${collectionPosts.addedAt} < ${t}`,
        and(sql`${collectionPosts.addedAt} = ${t}`, sql`${collectionPosts.postId} > ${win.after.id}`),
      )!,
    );
  }
  return db
    .select({ ...postPageColumns, addedAt: exactTime(sql`${collectionPosts.addedAt}`) })
    .from(collectionPosts)
    .innerJoin(posts, eq(posts.id, collectionPosts.postId))
    .where(and(...where))
    .orderBy(descIndexed(collectionPosts.addedAt), asc(collectionPosts.postId))
    .limit(win.limit + 1)
    .offset(win.after ? 0 : win.offset);
}
