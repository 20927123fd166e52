import { and, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';
import { visiblePostsWhere, type PostViewer } from './posts.visibility.js';

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * Posts carrying `tag`, in any spelling ("Sunset" finds "sunset"). The trigram index on the
 * lowered tags text (posts_tags_text_trgm_idx) narrows to posts whose tags contain it; the exact
 * comparison of each tag then decides.
 */
export function taggedWhere(tag: string): SQL {
  const lowered = tag.toLowerCase();
  return sql`(lower(glimpse_tags_text(${posts.tags})) like ${`%${likeEscape(lowered)}%`}
    and exists (select 1 from unnest(${posts.tags}) as pt(tag) where lower(pt.tag) = ${lowered}))`;
}

/** How many posts with the tag this viewer may see (the tag page's count). */
export async function countTaggedPosts(db: DbOrTx, tag: string, viewer: PostViewer | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(taggedWhere(tag), visiblePostsWhere(viewer)));
  return row?.n ?? 0;
}
