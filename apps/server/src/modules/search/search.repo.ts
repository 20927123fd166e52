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
 * How many of a tier's matches, newest first, are ranked against each other at a time. A search
 * with at most this many matches per tier is ordered exactly by rank; past it, blocks of this size
 * follow one another from newest to oldest, each ranked within itself. That bounds the work of a
 * page to a few blocks, however many posts match.
 */
export const RANKED_BLOCK = 30;

/**
 * Posts matching the text that the viewer may see, in two tiers: a hit in the title or tags
 * (weight A, through posts_search_title_tags_idx) first, so a title hit always beats a body-only
 * hit however often the body repeats the word; then body and alt-text hits (posts_search_idx).
 * Within a tier: ts_rank_cd (computed for the candidates only) inside blocks of RANKED_BLOCK newest matches (see there), then
 * newest. Each tier reads only its newest `candidates` matches, in posts_created_idx order when the
 * words are common, from the GIN index when they are rare: top-k, not rank-everything-then-sort.
 */
export function searchPostsQuery(db: DbOrTx, text: string, viewer: PostViewer | null, win: SearchWindow) {
  const tsq = postsTsQuery(text);
  const anyHit = sql`${posts.searchVector} @@ ${tsq}`;
  const titleOrTagHit = sql`ts_filter(${posts.searchVector}, '{a}'::"char"[]) @@ ${tsq}`;
  const candidates = Math.ceil((win.offset + win.limit + 1) / RANKED_BLOCK) * RANKED_BLOCK;
  // With an excluded word ("sunset -beach") a title hit whose body holds the excluded word must stay
  // out, as the whole vector decides: `anyHit` joins the first tier then. Without operators the
  // query only asks for words, and a title/tag hit is a hit of the whole vector: one index is enough.
  const firstTier = usesWebsearchOperators(text) ? and(anyHit, titleOrTagHit)! : titleOrTagHit;
  // No rank here: a select-list expression would be computed for every match before the top-k cut.
  const tier = (n: 0 | 1, hit: SQL) => sql`(select ${posts.id} as id, ${posts.createdAt} as created_at,
      ${sql.raw(String(n))} as tier
    from ${posts} where ${and(hit, visiblePostsWhere(viewer))}
    order by ${descIndexed(posts.createdAt)}, ${descIndexed(posts.id)} limit ${candidates})`;
  const ranked = sql`(select c.id, c.tier,
      (row_number() over (partition by c.tier order by c.created_at desc, c.id desc) - 1) / ${sql.raw(String(RANKED_BLOCK))} as block
    from (${tier(0, firstTier)} union all ${tier(1, sql`${anyHit} and not (${titleOrTagHit})`)}) as c) as ranked`;
  return db
    .select(postPageColumns)
    .from(posts)
    .innerJoin(ranked, sql`ranked.id = ${posts.id}`)
    .orderBy(
      sql`ranked.tier`,
      sql`ranked.block`,
      sql`ts_rank_cd(${posts.searchVector}, ${tsq}) desc`,
      descIndexed(posts.createdAt),
      descIndexed(posts.id),
    )
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

/**
 * Which part of people search's order a query reads: `prefix` the members whose username or
 * display name starts with the text (the exact username among them), through the
 * users_*_prefix_idx btree ranges; `typo` the others that are only alike (trigram indexes);
 * `all` both at once — the reference the tiers must agree with (tests).
 */
export type PeopleTier = 'prefix' | 'typo' | 'all';

export function searchUsersQuery(
  db: DbOrTx,
  text: string,
  win: SearchWindow,
  viewerId: string | null = null,
  tier: PeopleTier = 'all',
) {
  const { needle, startsWith, where } = usersMatching(text);
  const likeness = sql`greatest(similarity(${lowerUsername}, ${needle}), similarity(${lowerDisplayName}, ${needle}), word_similarity(${needle}, ${lowerDisplayName}))`;
  const inTier =
    tier === 'prefix' ? startsWith : tier === 'typo' ? and(where, sql`not (${startsWith})`)! : where;
  return db
    .select(publicUserColumns)
    .from(users)
    .where(and(inTier, reachableUsers(viewerId)))
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
  // Every prefix match sorts before every typo, so the typo tier (a trigram scan over many more
  // names) is read only when the prefix tier cannot fill the page. Same rows as the `all` query.
  const wanted = win.offset + win.limit + 1;
  const prefixed = await searchUsersQuery(db, text, { offset: 0, limit: wanted - 1 }, viewerId, 'prefix');
  if (prefixed.length >= wanted) return prefixed.slice(win.offset);
  const skip = Math.max(0, win.offset - prefixed.length);
  const typos = await withNameThresholds(db, (tx) =>
    searchUsersQuery(
      tx,
      text,
      { offset: skip, limit: wanted - prefixed.length - skip - 1 },
      viewerId,
      'typo',
    ),
  );
  return [...prefixed.slice(win.offset), ...typos];
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
