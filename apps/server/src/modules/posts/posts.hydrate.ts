import type { Post, PostImage, TaggedUser } from '@glimpse/shared';
import type { DbOrTx } from '../../context.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { toAuthor } from '../users/users.mapper.js';
import { toPost, toPostImage, toTaggedUser } from './posts.mapper.js';
import { selectPageExtras, type PostPageRow, type PostRow } from './posts.repo.js';
import type { PostViewer } from './posts.visibility.js';

/**
 * Turns a page of post rows into API Posts with a constant number of queries however long the
 * page is (authors, images, tagged members, the viewer's likes and follows: see selectPageExtras). The rows'
 * engagement ids came with the page query itself. Rows must already be filtered by
 * visiblePostsWhere; order is kept.
 */
export async function hydratePosts(
  db: DbOrTx,
  rows: (PostRow | PostPageRow)[],
  viewer: PostViewer | null,
  urls: PublicUrls,
): Promise<Post[]> {
  if (rows.length === 0) return [];
  const extras = await selectPageExtras(db, {
    postIds: rows.map((r) => r.id),
    authorIds: [...new Set(rows.map((r) => r.authorId))],
    viewerId: viewer?.id ?? null,
  });

  const authors = new Map(extras.authors.map((a) => [a.id, a]));
  const images = new Map<string, PostImage[]>();
  for (const m of extras.media) {
    const list = images.get(m.postId) ?? [];
    list.push(toPostImage(m, urls));
    images.set(m.postId, list);
  }
  const tagged = new Map<string, TaggedUser[]>();
  for (const t of extras.taggedUsers) {
    const list = tagged.get(t.postId) ?? [];
    list.push(toTaggedUser(t, urls));
    tagged.set(t.postId, list);
  }
  const liked = new Set(extras.likedPostIds);
  const followed = new Set(extras.followedAuthorIds);
  const saved = new Set(extras.savedPostIds);

  return rows.map((row) => {
    const author = authors.get(row.authorId);
    // The FK cascades author deletion to posts, so a missing author means a broken invariant.
    if (!author) throw new Error(`post ${row.id} has no author row`);
    return toPost(row, {
      author: toAuthor(author, urls, { isFollowedByUser: followed.has(row.authorId) }),
      images: images.get(row.id) ?? [],
      taggedUsers: tagged.get(row.id) ?? [],
      isLikedByUser: liked.has(row.id),
      isSavedByUser: saved.has(row.id),
    });
  });
}
