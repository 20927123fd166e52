import { and, desc, inArray, or, sql, type SQL } from 'drizzle-orm';
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
 * How many of the newest posts the viewer may see a tier looks through before it asks the word
 * index instead (newestMatches).
 */
export const RECENT_WINDOW = 2000;

/**
 * The newest `candidates` posts matching `hit` that the viewer may see, as (id, created_at, tier),
 * exactly, whichever way is cheap:
 * - walking posts_created_idx through the newest RECENT_WINDOW visible posts, stopping at the
 *   `candidates`-th match: if that many match there, they are the newest matches of all (a common
 *   word stops after a few rows);
 * - else every match from the word's GIN index, then the newest of them (a rare word has few).
 * PostgreSQL cannot choose between those by itself here: it estimates a tier's condition
 * ("a body hit that is not a title hit") as if its parts were independent, and for a word found
 * only in titles it walked all 100,000 posts to find no body hit (230 ms).
 * `offset 0` keeps the fallback's matching a subquery of its own, so it is planned for the word
 * index and not as a walk in date order.
 */
function newestMatches(
  hit: SQL,
  viewer: PostViewer | null,
  candidates: number,
  tier: 0 | 1,
  window: number,
): SQL {
  const n = sql.raw(String(candidates));
  const visible = visiblePostsWhere(viewer);
  return sql`(with recent_hits as (
      select r.id, r.created_at from (
        select ${posts.id} as id, ${posts.createdAt} as created_at, (${hit}) as is_hit
        from ${posts} where ${visible}
        order by ${descIndexed(posts.createdAt)}, ${descIndexed(posts.id)} limit ${sql.raw(String(window))}
      ) as r where r.is_hit
      order by r.created_at desc nulls last, r.id desc nulls last limit ${n}
    )
    select id, created_at, ${sql.raw(String(tier))} as tier from recent_hits
      where (select count(*) from recent_hits) >= ${n}
    union all
    select f.id, f.created_at, ${sql.raw(String(tier))} as tier from (
      select m.id, m.created_at from (
        select ${posts.id} as id, ${posts.createdAt} as created_at from ${posts}
        where ${and(hit, visible)} offset 0
      ) as m order by m.created_at desc nulls last, m.id desc nulls last limit ${n}
    ) as f where (select count(*) from recent_hits) < ${n})`;
}

/**
 * Posts matching the text that the viewer may see, in two tiers: a hit in the title or tags
 * (weight A, through posts_search_title_tags_idx) first, so a title hit always beats a body-only
 * hit however often the body repeats the word; then body and alt-text hits (posts_search_idx).
 * Within a tier: ts_rank_cd (computed for the candidates only) inside blocks of RANKED_BLOCK newest
 * matches (see there), then newest. Each tier reads only its newest `candidates` matches
 * (newestMatches): top-k, not rank-everything-then-sort.
 */
export function searchPostsQuery(
  db: DbOrTx,
  text: string,
  viewer: PostViewer | null,
  win: SearchWindow,
  /** Tests only: a smaller window, so both ways of newestMatches are taken on a small table. */
  recentWindow = RECENT_WINDOW,
) {
  const tsq = postsTsQuery(text);
  const anyHit = sql`${posts.searchVector} @@ ${tsq}`;
  const titleOrTagHit = sql`ts_filter(${posts.searchVector}, '{a}'::"char"[]) @@ ${tsq}`;
  const candidates = Math.ceil((win.offset + win.limit + 1) / RANKED_BLOCK) * RANKED_BLOCK;
  // With an excluded word ("sunset -beach") a title hit whose body holds the excluded word must stay
  // out, as the whole vector decides: `anyHit` joins the first tier then. Without operators the
  // query only asks for words, and a title/tag hit is a hit of the whole vector: one index is enough.
  const firstTier = usesWebsearchOperators(text) ? and(anyHit, titleOrTagHit)! : titleOrTagHit;
  // The body tier sorts after every title/tag hit: when those fill the page and the row after it,
  // it is not read at all (a word found mostly in titles would otherwise ask the word index for
  // thousands of hits that are all title hits, 15 ms at 100,000 posts).
  const needed = sql.raw(String(win.offset + win.limit + 1));
  const bodyTier = newestMatches(
    sql`${anyHit} and not (${titleOrTagHit})`,
    viewer,
    candidates,
    1,
    recentWindow,
  );
  const ranked = sql`(select c.id, c.tier,
      (row_number() over (partition by c.tier order by c.created_at desc, c.id desc) - 1) / ${sql.raw(String(RANKED_BLOCK))} as block
    from (with title_tier as materialized (
        select t.id, t.created_at, t.tier from ${newestMatches(firstTier, viewer, candidates, 0, recentWindow)} as t
      )
      select id, created_at, tier from title_tier
      union all
      select b.id, b.created_at, b.tier from ${bodyTier} as b
        where (select count(*) from title_tier) < ${needed}) as c) as ranked`;
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

/**
 * The tiers of a people search, in the order they sort:
 * - `prefix`: the username or the display name starts with the text (btree ranges on
 *   users_*_prefix_idx);
 * - `word`: a later word of the display name starts with it ("chen" finds "Mei Chen"), or a part
 *   of the username after `_` or `.` does ("chen" finds "mei_chen"): LIKE patterns, which the
 *   trigram indexes answer without computing any similarity;
 * - `typo`: the rest that is only alike (`%` and `%>` through the trigram indexes), by likeness.
 */
function usersMatching(text: string) {
  const needle = text.toLowerCase();
  const escaped = likeEscape(needle);
  const prefix = `${escaped}%`;
  const startsWith = or(
    sql`${lowerUsername} like ${prefix} escape '\\'`,
    sql`${lowerDisplayName} like ${prefix} escape '\\'`,
  )!;
  const wordStart = or(
    sql`${lowerDisplayName} like ${`% ${escaped}%`} escape '\\'`,
    sql`${lowerUsername} like ${`%\\_${escaped}%`} escape '\\'`,
    sql`${lowerUsername} like ${`%.${escaped}%`} escape '\\'`,
  )!;
  const alike = or(
    // `%` and `%>` (word similarity) are what the users_*_trgm_idx GIN indexes answer.
    sql`${lowerUsername} % ${needle}`,
    sql`${lowerDisplayName} % ${needle}`,
    sql`${lowerDisplayName} %> ${needle}`,
  )!;
  const where = or(startsWith, wordStart, alike)!;
  return { needle, startsWith, wordStart, alike, where };
}

/** Suspended members are not found; across a block neither side finds the other. */
function reachableUsers(viewerId: string | null): SQL {
  const shown = notSuspended(users.id);
  return viewerId ? and(shown, notBlockedBetween(viewerId, users.id))! : shown;
}

/**
 * Which part of people search's order a query reads (see usersMatching): `prefix`, `word` or
 * `typo`, or `all` at once — the reference the tiers must agree with (tests).
 */
export type PeopleTier = 'prefix' | 'word' | 'typo' | 'all';

export function searchUsersQuery(
  db: DbOrTx,
  text: string,
  win: SearchWindow,
  viewerId: string | null = null,
  tier: PeopleTier = 'all',
) {
  const { needle, startsWith, wordStart, alike, where } = usersMatching(text);
  const likeness = sql`greatest(similarity(${lowerUsername}, ${needle}), similarity(${lowerDisplayName}, ${needle}), word_similarity(${needle}, ${lowerDisplayName}))`;
  const inTier = {
    prefix: startsWith,
    word: and(wordStart, sql`not (${startsWith})`)!,
    typo: and(alike, sql`not (${startsWith})`, sql`not (${wordStart})`)!,
    all: where,
  }[tier];
  return db
    .select(publicUserColumns)
    .from(users)
    .where(and(inTier, reachableUsers(viewerId)))
    .orderBy(
      desc(sql`${lowerUsername} = ${needle}`),
      desc(startsWith),
      desc(wordStart),
      // Likeness orders the typos only: prefix and word-start matches go by followers, so a
      // common first name ("ava") costs no similarity per match.
      desc(sql`case when ${startsWith} or ${wordStart} then 1 else ${likeness} end`),
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

/** How many of the best-matching members `type=users` takes its posts from. */
export const MEMBERS_FOR_POSTS = 100;

/** The cheap tiers' rows as read, and how many were asked for. */
export interface NameTiers {
  rows: PublicUserRow[];
  /** How many rows were asked for. */
  limit: number;
}

/**
 * The first `limit` members of the cheap tiers (prefix, then word start), in people search's
 * order. Fewer than `limit` rows means these tiers hold no more.
 */
export async function readNameTiers(
  db: DbOrTx,
  text: string,
  limit: number,
  viewerId: string | null,
): Promise<NameTiers> {
  const found: PublicUserRow[] = [];
  for (const tier of ['prefix', 'word'] as const) {
    if (found.length >= limit) break;
    found.push(
      ...(await searchUsersQuery(db, text, { offset: 0, limit: limit - found.length - 1 }, viewerId, tier)),
    );
  }
  return { rows: found, limit };
}

/**
 * People by username or display name: the exact username, then prefix, then word start (each
 * most followed first), then the closest typos (most followed first among equals). Each tier
 * sorts after the one before, so a later tier is read only when the earlier ones cannot fill the
 * page (the typo tier, which computes likeness over many more names, rarely). Same rows as the
 * `all` query. `nameTiers` may bring readNameTiers' answer, already read for another list.
 */
export async function searchUsers(
  db: DbOrTx,
  text: string,
  win: SearchWindow,
  viewerId: string | null,
  nameTiers?: NameTiers,
): Promise<PublicUserRow[]> {
  const wanted = win.offset + win.limit + 1;
  // The cheap tiers are read from their start, so how many rows they hold before the page is known.
  // Rows read earlier do when they are all there are, or enough for this page.
  const usable = nameTiers && (nameTiers.rows.length < nameTiers.limit || nameTiers.rows.length >= wanted);
  const found = usable
    ? nameTiers.rows.slice(0, wanted)
    : (await readNameTiers(db, text, wanted, viewerId)).rows;
  if (found.length >= wanted) return found.slice(win.offset, wanted);
  const skip = Math.max(0, win.offset - found.length);
  const typos = await withNameThresholds(db, (tx) =>
    searchUsersQuery(tx, text, { offset: skip, limit: wanted - found.length - skip - 1 }, viewerId, 'typo'),
  );
  return [...found.slice(win.offset), ...typos];
}

/**
 * The posts of `type=users`: by the members people search finds for the text, newest first —
 * its first MEMBERS_FOR_POSTS by prefix or word start, or, when nobody matches that way, its
 * first MEMBERS_FOR_POSTS typos (the typo tier computes likeness over many names: read only then).
 * `nameTiers` as for searchUsers.
 */
export async function searchPostsByMembers(
  db: DbOrTx,
  text: string,
  viewer: PostViewer | null,
  win: SearchWindow,
  nameTiers?: NameTiers,
): Promise<PostPageRow[]> {
  const viewerId = viewer?.id ?? null;
  let members = (nameTiers ?? (await readNameTiers(db, text, MEMBERS_FOR_POSTS, viewerId))).rows;
  if (members.length === 0) {
    members = await withNameThresholds(db, (tx) =>
      searchUsersQuery(tx, text, { offset: 0, limit: MEMBERS_FOR_POSTS - 1 }, viewerId, 'typo'),
    );
  }
  if (members.length === 0) return [];
  const ids = members.slice(0, MEMBERS_FOR_POSTS).map((m) => m.id);
  return newestPostsWhere(db, inArray(posts.authorId, ids), viewer, win);
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
