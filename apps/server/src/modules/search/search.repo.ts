import { and, desc, or, sql, type SQL } from 'drizzle-orm';
import type { LocationStat } from '@glimpse/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { posts, users } from '../../db/schema/index.js';
import { cityCountsQuery, descIndexed, postPageColumns, type PostPageRow } from '../posts/posts.repo.js';
import { visiblePostsWhere, type PostViewer } from '../posts/posts.visibility.js';
import { notBlockedBetween } from '../users/blocks.repo.js';
import { notSuspended, publicUserColumns, type PublicUserRow } from '../users/users.repo.js';
import { likeEscape, prefixQueryText, usesWebsearchOperators } from './search.text.js';

/**
 * The four searches of GET /api/search. Each returns `limit + 1` rows so the caller learns
 * whether another page exists without a COUNT. Member text only ever travels as a bound
 * parameter; see search.text.ts for how it is made safe for LIKE and to_tsquery.
 */

export interface SearchWindow {
  limit: number;
  offset: number;
}

/**
 * The tsquery for a member's text: websearch_to_tsquery (never raises, whatever the input) OR the
 * same words as prefixes, so "sunri" finds "Sunrise". Both are parsed with the 'english' config,
 * like the stored vector, so stems line up ("beaches" -> beach).
 */
export function postsTsQuery(text: string): SQL {
  const web = sql`websearch_to_tsquery('english', ${text})`;
  const prefix = usesWebsearchOperators(text) ? null : prefixQueryText(text);
  return prefix ? sql`(${web} || to_tsquery('english', ${prefix}))` : web;
}

/**
 * Posts matching the text that the viewer may see, through the GIN index on search_vector.
 * Order: a hit in the title or tags (weight A) first, so a title hit always beats a body-only
 * hit however often the body repeats the word; then ts_rank_cd; then newest.
 */
export function searchPostsQuery(db: DbOrTx, text: string, viewer: PostViewer | null, win: SearchWindow) {
  const tsq = postsTsQuery(text);
  const titleOrTagHit = sql`(ts_filter(${posts.searchVector}, '{a}') @@ ${tsq}) desc`;
  const rank = sql`ts_rank_cd(${posts.searchVector}, ${tsq}) desc`;
  return db
    .select(postPageColumns)
    .from(posts)
    .where(and(sql`${posts.searchVector} @@ ${tsq}`, visiblePostsWhere(viewer)))
    .orderBy(titleOrTagHit, rank, descIndexed(posts.createdAt), descIndexed(posts.id))
    .limit(win.limit + 1)
    .offset(win.offset);
}

export async function searchPosts(
  db: DbOrTx,
  text: string,
  viewer: PostViewer | null,
  win: SearchWindow,
): Promise<PostPageRow[]> {
  return searchPostsQuery(db, text, viewer, win);
}

/** Posts the viewer may see among those matching `where`, newest first (the posts of a non-post search). */
export function newestPostsWhere(db: DbOrTx, where: SQL, viewer: PostViewer | null, win: SearchWindow) {
  return db
    .select(postPageColumns)
    .from(posts)
    .where(and(where, visiblePostsWhere(viewer)))
    .orderBy(descIndexed(posts.createdAt), descIndexed(posts.id))
    .limit(win.limit + 1)
    .offset(win.offset);
}

/**
 * How alike a name must be to count as a typo of the query. pg_trgm's defaults (0.3 / 0.6) miss
 * short names with one letter dropped ("chn" vs "chen" is 0.29; inside "Ava Chen" 0.5). Set per
 * transaction, so the `%` and `%>` operators keep using the trigram indexes.
 */
const NAME_SIMILARITY_THRESHOLD = 0.25;
const NAME_WORD_SIMILARITY_THRESHOLD = 0.5;

const lowerUsername = sql`lower(${users.username})`;
const lowerDisplayName = sql`lower(${users.displayName})`;

/** The WHERE and ORDER BY of a people search; exported so a test can EXPLAIN it. */
function usersMatching(text: string) {
  const needle = text.toLowerCase();
  const prefix = `${likeEscape(needle)}%`;
  const startsWith = or(
    sql`${lowerUsername} like ${prefix} escape '\\'`,
    sql`${lowerDisplayName} like ${prefix} escape '\\'`,
  )!;
  const where = or(
    // `%` and `%>` (word similarity) are what the users_*_trgm_idx GIN indexes answer.
    sql`${lowerUsername} % ${needle}`,
    sql`${lowerDisplayName} % ${needle}`,
    sql`${lowerDisplayName} %> ${needle}`,
    startsWith,
  )!;
  return { needle, startsWith, where };
}

/** Suspended members are not found; across a block neither side finds the other. */
function reachableUsers(viewerId: string | null): SQL {
  const shown = notSuspended(users.id);
  return viewerId ? and(shown, notBlockedBetween(viewerId, users.id))! : shown;
}

export function searchUsersQuery(
  db: DbOrTx,
  text: string,
  win: SearchWindow,
  viewerId: string | null = null,
) {
  const { needle, startsWith, where } = usersMatching(text);
  const likeness = sql`greatest(similarity(${lowerUsername}, ${needle}), similarity(${lowerDisplayName}, ${needle}), word_similarity(${needle}, ${lowerDisplayName}))`;
  return db
    .select(publicUserColumns)
    .from(users)
    .where(and(where, reachableUsers(viewerId)))
    .orderBy(
      desc(sql`${lowerUsername} = ${needle}`),
      desc(startsWith),
      desc(likeness),
      desc(users.followersCount),
      users.id,
    )
    .limit(win.limit + 1)
    .offset(win.offset);
}

/** Runs `work` with the name-likeness thresholds of people search set for its transaction. */
function withNameThresholds<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // SET LOCAL takes no parameters; the values are our own constants, never input.
    await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${NAME_SIMILARITY_THRESHOLD}`));
    await tx.execute(
      sql.raw(`set local pg_trgm.word_similarity_threshold = ${NAME_WORD_SIMILARITY_THRESHOLD}`),
    );
    return work(tx);
  });
}

/** People by username or display name: exact, then prefix, then the closest typo; most followed first among equals. */
export async function searchUsers(
  db: DbOrTx,
  text: string,
  win: SearchWindow,
  viewerId: string | null,
): Promise<PublicUserRow[]> {
  return withNameThresholds(db, (tx) => searchUsersQuery(tx, text, win, viewerId));
}

/** The posts of `type=users`: by the members the text matches (the same rule as people search), newest first. */
export async function searchPostsByMembers(
  db: DbOrTx,
  text: string,
  viewer: PostViewer | null,
  win: SearchWindow,
): Promise<PostPageRow[]> {
  const members = sql`select ${users.id} from ${users} where ${usersMatching(text).where}`;
  return withNameThresholds(db, (tx) =>
    newestPostsWhere(tx, sql`${posts.authorId} in (${members})`, viewer, win),
  );
}

/** Posts in a city, or at a location, whose name contains the text. */
function inPlace(text: string): SQL {
  const contains = `%${likeEscape(text.toLowerCase())}%`;
  return sql`(lower(${posts.city}) like ${contains} escape '\\' or lower(${posts.locationName}) like ${contains} escape '\\')`;
}

/**
 * Cities whose name or post location name contains the text, each with the number of matching
 * posts the viewer may see. A match on a location name ("Golden Gate Park") answers its city,
 * because a place result leads to that city's explore feed.
 */
export async function searchPlaces(
  db: DbOrTx,
  text: string,
  viewer: PostViewer | null,
  win: SearchWindow,
): Promise<LocationStat[]> {
  return cityCountsQuery(db, and(inPlace(text), visiblePostsWhere(viewer))!)
    .limit(win.limit + 1)
    .offset(win.offset);
}

/** The posts of `type=places`: in a city (or at a location) whose name contains the text, newest first. */
export async function searchPostsInPlace(
  db: DbOrTx,
  text: string,
  viewer: PostViewer | null,
  win: SearchWindow,
): Promise<PostPageRow[]> {
  return newestPostsWhere(db, inPlace(text), viewer, win);
}
