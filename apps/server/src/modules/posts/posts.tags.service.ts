import type { TagStat } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { countTaggedPosts } from './posts.tags.repo.js';
import type { PostViewer } from './posts.visibility.js';

/** GET /api/tags/{tag}: the tag as asked (without `#`) and how many of its posts the viewer may see. */
export async function getTagStat(ctx: AppContext, viewer: PostViewer | null, tag: string): Promise<TagStat> {
  return { tag, count: await countTaggedPosts(ctx.db, tag, viewer) };
}
