import { POST_MSG, type PostList, type SavedPostsQuery, type SaveResult } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { fetchPage } from '../../lib/pagination.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { decodeTimeCursor, encodeTimeCursor } from './posts.cursor.js';
import { hydratePosts } from './posts.hydrate.js';
import {
  bumpSavesCount,
  deleteSave,
  insertSave,
  lockSaveToggle,
  selectSavedPage,
} from './posts.saves.repo.js';
import { isPostVisible, type PostViewer } from './posts.visibility.js';

/**
 * POST /api/posts/{id}/save: saves, or unsaves when already saved; the row and the post's
 * savesCount change in one transaction. Saving needs a post the member may see (404 otherwise);
 * a saved post that became hidden can still be unsaved. Nobody else learns who saved what.
 */
export async function toggleSave(ctx: AppContext, viewer: PostViewer, postId: string): Promise<SaveResult> {
  return ctx.db.transaction(async (tx) => {
    await lockSaveToggle(tx, viewer.id, postId);
    if (await deleteSave(tx, postId, viewer.id)) {
      const savesCount = await bumpSavesCount(tx, postId, -1);
      return { saved: false, savesCount: savesCount ?? 0 };
    }
    if (!(await isPostVisible(tx, postId, viewer))) throw new AppError('NOT_FOUND', POST_MSG.notFound);
    await insertSave(tx, postId, viewer.id);
    const savesCount = await bumpSavesCount(tx, postId, 1);
    if (savesCount === undefined) throw new AppError('NOT_FOUND', POST_MSG.notFound);
    return { saved: true, savesCount };
  });
}

/** GET /api/users/me/saved: newest save first, only posts the member may still see. */
export async function listSavedPosts(
  ctx: AppContext,
  viewer: PostViewer,
  q: SavedPostsQuery,
  urls: PublicUrls,
): Promise<PostList> {
  const { items, pagination } = await fetchPage(q, {
    decode: decodeTimeCursor,
    read: (win) => selectSavedPage(ctx.db, viewer, win),
    cursorOf: (row) => encodeTimeCursor(row.savedAt, row.id),
  });
  return { posts: await hydratePosts(ctx.db, items, viewer, urls), pagination };
}
