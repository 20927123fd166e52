import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Post, PostImage } from '@glimpse/shared';
import type { DbOrTx } from '../../db/client.js';
import { follows, likes, postMedia, users } from '../../db/schema/index.js';
import { toAuthor } from '../users/users.mapper.js';
import { authorColumns } from '../users/users.repo.js';
import { toPost, toPostImage } from './posts.mapper.js';
import type { PostRow } from './posts.repo.js';
import type { PostViewer } from './posts.visibility.js';

const unique = (values: string[]) => [...new Set(values)];

/**
 * Turns a page of post rows into API Posts with a constant number of queries however long the
 * page is: authors, images, the viewer's likes and the viewer's follows, each one `IN (...)`.
 * Rows must already be filtered by visiblePostsWhere; order is kept.
 */
export async function hydratePosts(db: DbOrTx, rows: PostRow[], viewer: PostViewer | null): Promise<Post[]> {
  if (rows.length === 0) return [];
  const postIds = rows.map((r) => r.id);
  const authorIds = unique(rows.map((r) => r.authorId));

  const [authorRows, mediaRows, likedRows, followRows] = await Promise.all([
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
    viewer
      ? db
          .select({ postId: likes.postId })
          .from(likes)
          .where(and(eq(likes.userId, viewer.id), inArray(likes.postId, postIds)))
      : Promise.resolve([]),
    viewer
      ? db
          .select({ id: follows.followeeId })
          .from(follows)
          .where(and(eq(follows.followerId, viewer.id), inArray(follows.followeeId, authorIds)))
      : Promise.resolve([]),
  ]);

  const authors = new Map(authorRows.map((a) => [a.id, a]));
  const images = new Map<string, PostImage[]>();
  for (const m of mediaRows) {
    const list = images.get(m.postId) ?? [];
    list.push(toPostImage(m));
    images.set(m.postId, list);
  }
  const liked = new Set(likedRows.map((l) => l.postId));
  const followed = new Set(followRows.map((f) => f.id));

  return rows.map((row) => {
    const author = authors.get(row.authorId);
    // The FK cascades author deletion to posts, so a missing author means a broken invariant.
    if (!author) throw new Error(`post ${row.id} has no author row`);
    return toPost(row, {
      author: toAuthor(author, { isFollowedByUser: followed.has(row.authorId) }),
      images: images.get(row.id) ?? [],
      isLikedByUser: liked.has(row.id),
    });
  });
}
