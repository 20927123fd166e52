import { and, asc, eq, inArray, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FeedSort } from '@glimpse/shared';
import type { DbOrTx } from '../../db/client.js';
import { insertedRow } from '../../lib/db-errors.js';
import type { PageWindow, TimeKey } from '../../lib/pagination.js';
import { comments, follows, likes, postMedia, posts, saves, shares, users } from '../../db/schema/index.js';
import { authorColumns } from '../users/users.repo.js';
import { hotScoreExpr, type EngagementCounts } from './posts.hot.js';
import { selectTaggedUsersOf } from './posts.tagged.repo.js';
import { taggedWhere } from './posts.tags.repo.js';
import { visiblePostsWhere, type PostViewer } from './posts.visibility.js';

/** Every column a Post needs; never the search vector. */
export const postColumns = {
  id: posts.id,
  authorId: posts.authorId,
  title: posts.title,
  content: posts.content,
  excerpt: posts.excerpt,
  category: posts.category,
  tags: posts.tags,
  privacy: posts.privacy,
  city: posts.city,
  locationName: posts.locationName,
  latitude: posts.latitude,
  longitude: posts.longitude,
  address: posts.address,
  viewsCount: posts.viewsCount,
  likesCount: posts.likesCount,
  commentsCount: posts.commentsCount,
  sharesCount: posts.sharesCount,
  savesCount: posts.savesCount,
  hotScore: posts.hotScore,
  removedAt: posts.removedAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  editedAt: posts.editedAt,
};
type PostTableRow = typeof posts.$inferSelect;

export type PostMediaRow = Pick<
  typeof postMedia.$inferSelect,
  'postId' | 'url' | 'variants' | 'width' | 'height' | 'placeholder' | 'altText' | 'caption'
>;
export type PostRow = { [K in keyof typeof postColumns]: PostTableRow[K] };

/**
 * The outer query's post id, always table-qualified. Drizzle leaves `${posts.id}` unqualified in a
 * single-table select, and inside a subquery on comments or shares a bare `id` means *their* id.
 */
const OUTER_POST_ID = sql.raw('"posts"."id"');

/**
 * SPEC §3 `engagement`: the ids behind each counter ("only counted", so in no particular order,
 * which spares a sort), selected as correlated subqueries of the page query itself: no extra
 * round trip. Each is an index range scan of that post's rows (likes_pk, comments_post_created_idx,
 * shares_post_idx), evaluated only for the rows the page returns, in the same snapshot as the
 * counters, so lengths equal the counts.
 */
export const engagementColumns = {
  likeIds: sql<string[]>`array(select l.user_id::text from ${likes} l where l.post_id = ${OUTER_POST_ID})`,
  // Comments a moderator removed are out of every list and count (commentsCount moved with them).
  commentIds: sql<
    string[]
  >`array(select c.id::text from ${comments} c where c.post_id = ${OUTER_POST_ID} and c.removed_at is null)`,
  shareIds: sql<string[]>`array(select s.id::text from ${shares} s where s.post_id = ${OUTER_POST_ID})`,
};

/** The columns of a post that an answer shows: the row plus its engagement ids. */
export const postPageColumns = { ...postColumns, ...engagementColumns };
export type PostPageRow = PostRow & { likeIds: string[]; commentIds: string[]; shareIds: string[] };

/**
 * A timestamp as exact text (microseconds, UTC). Keyset cursors carry this instead of a JS Date,
 * whose millisecond precision would skip or repeat rows that share a millisecond.
 */
export const exactTime = (column: SQL | typeof posts.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * `ORDER BY x DESC` means NULLS FIRST, but our indexes are declared `DESC NULLS LAST` (Drizzle's
 * `.desc()`), and a mismatch makes PostgreSQL sort instead of reading the index in order. The
 * columns are NOT NULL, so the nulls clause changes nothing but the plan. Use this, not `desc()`.
 */
export const descIndexed = (column: SQLWrapper) => sql`${column} desc nulls last`;

/** Keyset positions: after this (time, id) in newest order, or this (score, id) in trending. */
export type FeedCursor =
  { kind: 'newest'; t: string; id: string } | { kind: 'trending'; s: number; id: string };

export interface FeedFilter {
  viewer: PostViewer | null;
  category?: string;
  search?: string;
  /** Only posts by members this user follows. */
  followedBy?: string;
  authorId?: string;
  city?: string;
  /** Posts carrying this tag, any spelling. */
  tag?: string;
}

export type FeedRow = PostPageRow & { cursorTime: string };

function feedConditions(db: DbOrTx, f: FeedFilter): SQL[] {
  const where: SQL[] = [visiblePostsWhere(f.viewer)];
  if (f.category) where.push(eq(posts.category, f.category));
  if (f.authorId) where.push(eq(posts.authorId, f.authorId));
  // lower(city) has its own index (posts_city_created_idx).
  if (f.city) where.push(sql`lower(${posts.city}) = lower(${f.city})`);
  if (f.tag) where.push(taggedWhere(f.tag));
  // Bound as a parameter and parsed by websearch_to_tsquery: any text is safe and valid.
  if (f.search) where.push(sql`${posts.searchVector} @@ websearch_to_tsquery('english', ${f.search})`);
  if (f.followedBy) {
    where.push(
      inArray(
        posts.authorId,
        db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, f.followedBy)),
      ),
    );
  }
  return where;
}

/**
 * Rows after a keyset position in `sort` order: a row comparison that the (created_at, id) /
 * (hot_score, id) indexes serve directly. `key` and `id` are values or placeholders.
 */
export function keysetAfter(
  sort: FeedSort,
  key: string | number | Placeholder | SQL,
  id: string | Placeholder | SQL,
): SQL {
  return sort === 'trending'
    ? sql`(${posts.hotScore}, ${posts.id}) < (${key}::double precision, ${id})`
    : sql`(${posts.createdAt}, ${posts.id}) < (${key}::timestamptz, ${id})`;
}

/**
 * One page of a feed in `sort` order, limit + 1 rows. With a cursor the page starts right after
 * it through a row comparison that the (created_at, id) / (hot_score, id) indexes serve
 * directly, so page 1000 costs what page 1 does; `offset` remains for page-numbered clients.
 */
export function feedPageQuery(db: DbOrTx, filter: FeedFilter, sort: FeedSort, win: PageWindow<FeedCursor>) {
  const where = feedConditions(db, filter);
  const { after } = win;
  if (after) where.push(keysetAfter(after.kind, after.kind === 'newest' ? after.t : after.s, after.id));
  const order =
    sort === 'trending'
      ? [descIndexed(posts.hotScore), descIndexed(posts.id)]
      : [descIndexed(posts.createdAt), descIndexed(posts.id)];
  const columns = { ...postPageColumns, cursorTime: exactTime(posts.createdAt) };
  if (after || win.offset === 0) {
    return db
      .select(columns)
      .from(posts)
      .where(and(...where))
      .orderBy(...order)
      .limit(win.limit + 1);
  }
  // A `page=` window: PostgreSQL would compute every selected column, engagement subqueries
  // included, for each of the `offset` rows it skips. Pick the page's ids first (an index walk),
  // then read those few rows in full, in the same statement.
  const pageIds = db
    .select({ id: posts.id })
    .from(posts)
    .where(and(...where))
    .orderBy(...order)
    .limit(win.limit + 1)
    .offset(win.offset);
  return db
    .select(columns)
    .from(posts)
    .where(inArray(posts.id, pageIds))
    .orderBy(...order);
}

export async function selectFeedPage(
  db: DbOrTx,
  filter: FeedFilter,
  sort: FeedSort,
  win: PageWindow<FeedCursor>,
): Promise<FeedRow[]> {
  return feedPageQuery(db, filter, sort, win);
}

/**
 * The viewer's liked posts, newest like first, through likes_user_created_idx
 * (user_id, created_at DESC, post_id): the tie-break runs in the index's own post_id order.
 * Posts that became invisible to the viewer since the like are left out.
 */
export function selectLikedPage(db: DbOrTx, viewer: PostViewer, win: PageWindow<TimeKey>) {
  const where: SQL[] = [eq(likes.userId, viewer.id), visiblePostsWhere(viewer)];
  if (win.after) {
    const t = sql`${win.after.t}::timestamptz`;
    where.push(
      or(
        sql`${likes.createdAt} < ${t}`,
        and(sql`${likes.createdAt} = ${t}`, sql`${likes.postId} > ${win.after.id}`),
      )!,
    );
  }
  return db
    .select({ ...postPageColumns, likedAt: exactTime(sql`${likes.createdAt}`) })
    .from(likes)
    .innerJoin(posts, eq(posts.id, likes.postId))
    .where(and(...where))
    .orderBy(descIndexed(likes.createdAt), asc(likes.postId))
    .limit(win.limit + 1)
    .offset(win.after ? 0 : win.offset);
}

export async function insertPost(db: DbOrTx, values: typeof posts.$inferInsert): Promise<PostRow> {
  return insertedRow(await db.insert(posts).values(values).returning(postColumns));
}

export async function insertPostMedia(db: DbOrTx, rows: (typeof postMedia.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(postMedia).values(rows);
}

export async function findPost(
  db: DbOrTx,
  postId: string,
  viewer: PostViewer | null,
): Promise<PostRow | undefined> {
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.id, postId), visiblePostsWhere(viewer)))
    .limit(1);
  return row;
}

/**
 * Moves counters by the given deltas and recomputes hot_score from the new values in the same
 * UPDATE. `col = col + d` is evaluated on the row version that holds the lock, so concurrent
 * bumps never lose an update. `where` narrows the row (e.g. visibility); undefined means no row.
 */
function counterUpdate(
  db: DbOrTx,
  postId: string,
  delta: Partial<EngagementCounts<number>>,
  where: SQL | undefined,
) {
  const next = (column: SQLWrapper, d: number | undefined) =>
    d ? sql`${column} + ${sql.raw(String(Math.trunc(d)))}` : sql`${column}`;
  const counts = {
    likes: next(posts.likesCount, delta.likes),
    comments: next(posts.commentsCount, delta.comments),
    shares: next(posts.sharesCount, delta.shares),
    views: next(posts.viewsCount, delta.views),
  };
  return db
    .update(posts)
    .set({
      ...(delta.likes ? { likesCount: counts.likes } : {}),
      ...(delta.comments ? { commentsCount: counts.comments } : {}),
      ...(delta.shares ? { sharesCount: counts.shares } : {}),
      ...(delta.views ? { viewsCount: counts.views } : {}),
      hotScore: hotScoreExpr(counts),
    })
    .where(where ? and(eq(posts.id, postId), where) : eq(posts.id, postId));
}

export async function bumpPostCounters(
  db: DbOrTx,
  postId: string,
  delta: Partial<EngagementCounts<number>>,
  where?: SQL,
): Promise<PostRow | undefined> {
  const [row] = await counterUpdate(db, postId, delta, where).returning(postColumns);
  return row;
}

/**
 * GET /api/posts/{id}: counts the view and reads the post with its engagement ids in one
 * UPDATE ... RETURNING, only when `visible` holds (a post the viewer may not see is neither
 * counted nor revealed).
 */
export async function countPostView(
  db: DbOrTx,
  postId: string,
  visible: SQL,
): Promise<PostPageRow | undefined> {
  const [row] = await counterUpdate(db, postId, { views: 1 }, visible).returning(postPageColumns);
  return row;
}

/** The post page row (engagement ids included) when `visible` holds, without counting a view. */
export async function findPostPage(
  db: DbOrTx,
  postId: string,
  visible: SQL,
): Promise<PostPageRow | undefined> {
  const [row] = await db
    .select(postPageColumns)
    .from(posts)
    .where(and(eq(posts.id, postId), visible))
    .limit(1);
  return row;
}

export async function bumpAuthorPostsCount(db: DbOrTx, authorId: string, delta: 1 | -1): Promise<void> {
  await db
    .update(users)
    .set({ postsCount: sql`greatest(0, ${users.postsCount} + ${sql.raw(String(delta))})` })
    .where(eq(users.id, authorId));
}

export async function deletePostRow(db: DbOrTx, postId: string): Promise<boolean> {
  const rows = await db.delete(posts).where(eq(posts.id, postId)).returning({ id: posts.id });
  return rows.length > 0;
}

/**
 * Cities of the posts matching `where`, each with its number of posts, most first. Cities are
 * grouped case-insensitively and shown in their most common spelling. The caller adds the window.
 */
export function cityCountsQuery(db: DbOrTx, where: SQL) {
  const cityKey = sql`lower(${posts.city})`;
  return db
    .select({
      city: sql<string>`mode() within group (order by ${posts.city})`,
      count: sql<number>`count(*)::int`,
    })
    .from(posts)
    .where(and(sql`${posts.city} is not null and ${posts.city} <> ''`, where))
    .groupBy(cityKey)
    .orderBy(sql`count(*) desc`, cityKey);
}

/** Cities with the number of posts the viewer may see there, most first. */
export async function selectLocationStats(
  db: DbOrTx,
  viewer: PostViewer | null,
  max: number,
): Promise<{ city: string; count: number }[]> {
  return cityCountsQuery(db, visiblePostsWhere(viewer)).limit(max);
}

/** Kilometres per degree of latitude (and of longitude at the equator), on a mean-radius Earth. */
const KM_PER_DEGREE = 111.195;

/**
 * The city of the visible post nearest to a point, within `maxKm`. Reads only the posts inside a
 * box of that half-size (the partial `posts_city_position_idx`), then orders that handful by an
 * equirectangular distance, which is exact enough at city scale. A box is not widened across the
 * antimeridian or a pole: a point there simply finds fewer cities.
 */
export async function selectNearestCity(
  db: DbOrTx,
  viewer: PostViewer | null,
  point: { latitude: number; longitude: number },
  maxKm: number,
): Promise<{ city: string; distanceKm: number } | null> {
  const { latitude, longitude } = point;
  const dLat = maxKm / KM_PER_DEGREE;
  const cosLat = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  const dLon = maxKm / (KM_PER_DEGREE * cosLat);
  const distance = sql<number>`${KM_PER_DEGREE}::float8 * sqrt(
    power(${posts.latitude} - ${latitude}::float8, 2) +
    power((${posts.longitude} - ${longitude}::float8) * ${cosLat}::float8, 2))`;
  const [row] = await db
    .select({ city: posts.city, distanceKm: distance })
    .from(posts)
    .where(
      and(
        sql`${posts.latitude} is not null and ${posts.longitude} is not null and ${posts.city} <> ''`,
        sql`${posts.latitude} between ${latitude - dLat}::float8 and ${latitude + dLat}::float8`,
        sql`${posts.longitude} between ${longitude - dLon}::float8 and ${longitude + dLon}::float8`,
        visiblePostsWhere(viewer),
      ),
    )
    .orderBy(distance)
    .limit(1);
  if (!row?.city || row.distanceKm > maxKm) return null;
  return { city: row.city, distanceKm: row.distanceKm };
}

/**
 * What a page of posts needs besides its rows, one `IN (...)` query each, run together: the
 * authors, the images in order, the tagged members, and (signed in) which of the posts the viewer liked and saved and
 * which of the authors they follow.
 */
export async function selectPageExtras(
  db: DbOrTx,
  page: { postIds: string[]; authorIds: string[]; viewerId: string | null },
) {
  const { postIds, authorIds, viewerId } = page;
  const [authors, media, taggedUsers, liked, followed, saved] = await Promise.all([
    db.select(authorColumns).from(users).where(inArray(users.id, authorIds)),
    db
      .select({
        postId: postMedia.postId,
        url: postMedia.url,
        variants: postMedia.variants,
        width: postMedia.width,
        height: postMedia.height,
        placeholder: postMedia.placeholder,
        altText: postMedia.altText,
        caption: postMedia.caption,
      })
      .from(postMedia)
      .where(inArray(postMedia.postId, postIds))
      .orderBy(asc(postMedia.postId), asc(postMedia.position)),
    selectTaggedUsersOf(db, postIds),
    viewerId
      ? db
          .select({ postId: likes.postId })
          .from(likes)
          .where(and(eq(likes.userId, viewerId), inArray(likes.postId, postIds)))
      : Promise.resolve([]),
    viewerId
      ? db
          .select({ id: follows.followeeId })
          .from(follows)
          .where(and(eq(follows.followerId, viewerId), inArray(follows.followeeId, authorIds)))
      : Promise.resolve([]),
    viewerId
      ? db
          .select({ postId: saves.postId })
          .from(saves)
          .where(and(eq(saves.userId, viewerId), inArray(saves.postId, postIds)))
      : Promise.resolve([]),
  ]);
  return {
    authors,
    media,
    taggedUsers,
    likedPostIds: liked.map((l) => l.postId),
    followedAuthorIds: followed.map((f) => f.id),
    savedPostIds: saved.map((s) => s.postId),
  };
}
