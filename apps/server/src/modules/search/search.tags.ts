import { and, sql, type SQL } from 'drizzle-orm';
import type { TagStat } from '@glimpse/shared';
import type { DbOrTx } from '../../db/client.js';
import { blocks, follows, posts, tagCounts, users } from '../../db/schema/index.js';
import { can } from '../../lib/permissions.js';
import { visiblePostsWhere, type PostViewer } from '../posts/posts.visibility.js';
import type { PostPageRow } from '../posts/posts.repo.js';
import { newestPostsWhere, type SearchWindow } from './search.repo.js';
import { likeEscape, tagNeedle } from './search.text.js';

/**
 * Tag search: tags starting with the text (case-insensitive, a leading "#" ignored), each with the
 * number of posts the viewer may see that carry it, most used first. Tags are grouped
 * case-insensitively and shown in their most common spelling (ties: the first in sort order).
 *
 * Counts come from `tag_counts` (public, not removed posts per spelling, kept by triggers), plus a
 * per-viewer correction computed from the posts of a few authors only: the set S below. For any
 * author outside S, "the viewer may see the post" is exactly "public and not removed" — the rule
 * `tag_counts` counts by — so only S's posts can count differently:
 * - visitors: S = suspended members (their public posts are hidden);
 * - members: S = themselves (private, removed posts they see), whom they follow (followers/friends
 *   posts), suspended members, and everyone across a block.
 * The correction uses visiblePostsWhere itself, so any detail of the rule inside S is honoured.
 * Moderators see every privacy level, which breaks that property: they get the scan below.
 * Assumes a post's tags are distinct case-insensitively (ZTags guarantees it), so counting posts
 * per spelling and adding the spellings of a tag gives the number of posts carrying the tag.
 */
export async function searchTags(
  db: DbOrTx,
  text: string,
  viewer: PostViewer | null,
  win: SearchWindow,
): Promise<TagStat[]> {
  const needle = tagNeedle(text);
  if (!needle) return [];
  if (viewer && can(viewer, 'moderate_content')) return searchTagsByScanQuery(db, needle, viewer, win);
  // node-postgres result (embedded and external alike); the columns are cast in the SQL.
  const result = (await db.execute(searchTagsQuery(needle, viewer, win))) as unknown as { rows: TagStat[] };
  return result.rows.map((r) => ({ tag: r.tag, count: r.count }));
}

/** `lower(x) LIKE 'needle%'`: a prefix range on a text_pattern_ops index (LIKE's escape is `\`). */
function startsWith(lowered: SQL, needle: string): SQL {
  return sql`${lowered} like ${`${likeEscape(needle)}%`}`;
}

/** Authors whose posts this viewer may see differently from "public and not removed" (see above). */
function authorsCountedDifferently(viewer: PostViewer | null): SQL {
  // A superset is harmless (the correction is exact per post): every suspension, expired or not,
  // every private account and every account of a silenced or suspended server (tag_counts counts
  // their public posts; others may not see them).
  const suspended = sql`select ${users.id} from ${users} where ${users.suspendedAt} is not null or ${users.isPrivate}
    or ${users.federationSilenced} or ${users.federationSuspended}`;
  if (!viewer) return suspended;
  return sql`select ${viewer.id}::varchar
    union all select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${viewer.id}
    union all ${suspended}
    union all select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewer.id}
    union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewer.id}`;
}

/** The tag-count query for a non-empty, lower-case needle (exported so its plan can be checked). */
export function searchTagsQuery(needle: string, viewer: PostViewer | null, win: SearchWindow): SQL {
  const counted = sql`(${posts.privacy} = 'public' and ${posts.removedAt} is null)`;
  const visible = visiblePostsWhere(viewer);
  // Per spelling: +1 for a post the viewer sees that tag_counts does not count, -1 for the reverse.
  const corrections = sql`select t.tag, sum((case when ${visible} then 1 else 0 end) - (case when ${counted} then 1 else 0 end))::int as n
    from ${posts} cross join lateral (select distinct u.tag from unnest(${posts.tags}) as u(tag)) as t
    where ${posts.authorId} in (${authorsCountedDifferently(viewer)}) and ${startsWith(sql`lower(t.tag)`, needle)}
    group by t.tag`;
  const spellings = sql`select c.tag, sum(c.n)::int as n from (
      select ${tagCounts.tag} as tag, ${tagCounts.count} as n from ${tagCounts}
        where ${startsWith(sql`lower(${tagCounts.tag})`, needle)}
      union all ${corrections}
    ) as c group by c.tag having sum(c.n) > 0`;
  return sql`select (array_agg(s.tag order by s.n desc, s.tag))[1] as tag, sum(s.n)::int as count
    from (${spellings}) as s
    group by lower(s.tag)
    order by sum(s.n) desc, lower(s.tag)
    limit ${win.limit + 1} offset ${win.offset}`;
}

/**
 * Necessary condition on the whole post, answerable by posts_tags_text_trgm_idx, so only posts
 * that can hold a matching tag are looked into (not every post on every request).
 */
export function tagsMayContain(needle: string): SQL {
  const containsNeedle = `%${likeEscape(needle.toLowerCase())}%`;
  return sql`lower(glimpse_tags_text(${posts.tags})) like ${containsNeedle} escape '\\'`;
}

/**
 * The same answer computed from the posts themselves: every visible post with a matching tag,
 * unnested and grouped. Used for moderators (who see every privacy level) and, in tests, as the
 * reference the counted query must agree with.
 */
export function searchTagsByScanQuery(
  db: DbOrTx,
  needle: string,
  viewer: PostViewer | null,
  win: SearchWindow,
) {
  const prefix = `${likeEscape(needle)}%`;
  const tag = sql`t.tag`;
  return (
    db
      .select({
        tag: sql<string>`mode() within group (order by ${tag})`,
        count: sql<number>`count(distinct ${posts.id})::int`,
      })
      .from(posts)
      // A function in FROM may use the columns before it (implicitly LATERAL): one row per tag.
      .crossJoin(sql`unnest(${posts.tags}) as t(tag)`)
      .where(
        and(tagsMayContain(needle), sql`lower(${tag}) like ${prefix} escape '\\'`, visiblePostsWhere(viewer)),
      )
      .groupBy(sql`lower(${tag})`)
      .orderBy(sql`count(distinct ${posts.id}) desc`, sql`lower(${tag})`)
      .limit(win.limit + 1)
      .offset(win.offset)
  );
}

/** The posts of `type=tags`: those carrying a tag that starts with the text, newest first. */
export async function searchPostsByTag(
  db: DbOrTx,
  text: string,
  viewer: PostViewer | null,
  win: SearchWindow,
): Promise<PostPageRow[]> {
  const needle = tagNeedle(text);
  if (!needle) return [];
  const prefix = `${likeEscape(needle.toLowerCase())}%`;
  const hasTag = sql`${tagsMayContain(needle)} and exists (select 1 from unnest(${posts.tags}) as t(tag) where lower(t.tag) like ${prefix} escape '\\')`;
  return newestPostsWhere(db, hasTag, viewer, win);
}
