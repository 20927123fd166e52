import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';
import { visiblePostsWhere, type PostViewer } from '../posts/posts.visibility.js';

/**
 * The member's data for GET /api/users/me/export, each part as one JSON value built by
 * PostgreSQL (json_agg), so a part is one round trip whatever its size.
 */

async function jsonOf<T>(db: DbOrTx, query: SQL): Promise<T> {
  const [row] = await queryRows<{ data: T }>(db, query);
  return row!.data;
}

const memberRef = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'username', ${alias}.username)`);

export interface ExportImage {
  position: number;
  url: string;
  width: number;
  height: number;
  altText: string;
  caption: string;
}

export interface ExportPost {
  id: string;
  images: ExportImage[];
  [field: string]: unknown;
}

/** The member's posts, oldest first, with their images, the comments and the likes they received. */
export function selectExportPosts(db: DbOrTx, userId: string): Promise<ExportPost[]> {
  return jsonOf(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
          'id', p.id, 'title', p.title, 'content', p.content, 'category', p.category, 'tags', p.tags,
          'privacy', p.privacy, 'city', p.city, 'locationName', p.location_name,
          'latitude', p.latitude, 'longitude', p.longitude, 'address', p.address,
          'createdAt', p.created_at, 'updatedAt', p.updated_at,
          'counts', json_build_object('views', p.views_count, 'likes', p.likes_count,
                                      'comments', p.comments_count, 'shares', p.shares_count),
          'images', (SELECT coalesce(json_agg(json_build_object(
                        'position', pm.position, 'url', pm.url, 'width', pm.width, 'height', pm.height,
                        'altText', pm.alt_text, 'caption', pm.caption) ORDER BY pm.position), '[]'::json)
                     FROM post_media pm WHERE pm.post_id = p.id),
          'comments', (SELECT coalesce(json_agg(json_build_object(
                          'id', c.id, 'user', ${memberRef('u')}, 'content', c.content, 'createdAt', c.created_at)
                          ORDER BY c.created_at, c.id), '[]'::json)
                       FROM comments c JOIN users u ON u.id = c.user_id WHERE c.post_id = p.id),
          'likes', (SELECT coalesce(json_agg(json_build_object('user', ${memberRef('u')}, 'createdAt', l.created_at)
                       ORDER BY l.created_at), '[]'::json)
                    FROM likes l JOIN users u ON u.id = l.user_id WHERE l.post_id = p.id),
          'taggedUsers', (SELECT coalesce(json_agg(json_build_object('user', ${memberRef('u')}, 'taggedAt', t.created_at)
                       ORDER BY t.created_at, t.user_id), '[]'::json)
                    FROM post_tagged_users t JOIN users u ON u.id = t.user_id WHERE t.post_id = p.id)
        ) ORDER BY p.created_at, p.id), '[]'::json) AS data
        FROM posts p WHERE p.author_id = ${userId}`,
  );
}

/**
 * A post as an export names something of it the member did (commented, saved, was tagged in): its
 * title and author only while the member may still see it (its author may have made it private,
 * or blocked them since), else only its id. The post is `posts` joined with its author as `a`.
 */
function postReference(viewer: PostViewer): SQL {
  return sql`CASE WHEN ${visiblePostsWhere(viewer)}
    THEN json_build_object('id', ${posts.id}, 'title', ${posts.title}, 'author', ${memberRef('a')})
    ELSE json_build_object('id', ${posts.id}) END`;
}

/** Every comment the member wrote, on anyone's post, with the post it is on (postReference). */
export function selectExportComments(db: DbOrTx, viewer: PostViewer): Promise<unknown[]> {
  return jsonOf(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
          'id', c.id, 'content', c.content, 'createdAt', c.created_at, 'post', ${postReference(viewer)}
        ) ORDER BY c.created_at, c.id), '[]'::json) AS data
        FROM comments c JOIN ${posts} ON ${posts.id} = c.post_id JOIN users a ON a.id = ${posts.authorId}
        WHERE c.user_id = ${viewer.id}`,
  );
}

/**
 * A per-member list of posts (`user_id`, `post_id`, `created_at`), oldest first: when (named
 * `timeKey`) and the post (postReference). The table and key are this module's constants.
 */
function selectMemberPostList(
  db: DbOrTx,
  viewer: PostViewer,
  table: 'saves' | 'post_tagged_users',
  timeKey: 'savedAt' | 'taggedAt',
): Promise<unknown[]> {
  return jsonOf(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
          ${sql.raw(`'${timeKey}'`)}, r.created_at, 'post', ${postReference(viewer)}
        ) ORDER BY r.created_at, r.post_id), '[]'::json) AS data
        FROM ${sql.raw(table)} r JOIN ${posts} ON ${posts.id} = r.post_id JOIN users a ON a.id = ${posts.authorId}
        WHERE r.user_id = ${viewer.id}`,
  );
}

/** The member's saved posts, oldest save first. */
export function selectExportSaves(db: DbOrTx, viewer: PostViewer): Promise<unknown[]> {
  return selectMemberPostList(db, viewer, 'saves', 'savedAt');
}

/** The posts the member is tagged in, oldest tag first. */
export function selectExportTagged(db: DbOrTx, viewer: PostViewer): Promise<unknown[]> {
  return selectMemberPostList(db, viewer, 'post_tagged_users', 'taggedAt');
}

/** The member's collections, oldest first, each with the ids of its posts (newest added first). */
export function selectExportCollections(db: DbOrTx, userId: string): Promise<unknown[]> {
  return jsonOf(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
          'id', c.id, 'title', c.title, 'description', c.description, 'isPrivate', c.is_private,
          'createdAt', c.created_at,
          'posts', (SELECT coalesce(json_agg(json_build_object('postId', cp.post_id, 'addedAt', cp.added_at)
                      ORDER BY cp.added_at DESC, cp.post_id), '[]'::json)
                    FROM collection_posts cp WHERE cp.collection_id = c.id)
        ) ORDER BY c.created_at, c.id), '[]'::json) AS data
        FROM collections c WHERE c.owner_id = ${userId}`,
  );
}

/** The member's chats: who is in them and every message, both sides, oldest first. */
export function selectExportChats(db: DbOrTx, userId: string): Promise<unknown[]> {
  return jsonOf(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
          'chatId', c.id, 'type', c.type, 'createdAt', c.created_at,
          'participants', (SELECT json_agg(${memberRef('u')} ORDER BY u.username)
                           FROM chat_members cm JOIN users u ON u.id = cm.user_id WHERE cm.chat_id = c.id),
          'messages', (SELECT coalesce(json_agg(json_build_object(
                          'id', m.id, 'sender', ${memberRef('s')}, 'content', m.content, 'createdAt', m.created_at)
                          ORDER BY m.id), '[]'::json)
                       FROM messages m JOIN users s ON s.id = m.sender_id WHERE m.chat_id = c.id)
        ) ORDER BY c.created_at, c.id), '[]'::json) AS data
        FROM chats c JOIN chat_members me ON me.chat_id = c.id AND me.user_id = ${userId}`,
  );
}

/** Whom the member follows (`direction: 'following'`) or who follows them, with since when. */
export function selectExportFollows(
  db: DbOrTx,
  userId: string,
  direction: 'following' | 'followers',
): Promise<unknown[]> {
  const [mine, theirs] =
    direction === 'following' ? ['follower_id', 'followee_id'] : ['followee_id', 'follower_id'];
  return jsonOf(
    db,
    sql`SELECT coalesce(json_agg(json_build_object(
          'id', u.id, 'username', u.username, 'displayName', u.display_name, 'since', f.created_at
        ) ORDER BY f.created_at, u.id), '[]'::json) AS data
        FROM follows f JOIN users u ON u.id = f.${sql.raw(theirs)}
        WHERE f.${sql.raw(mine)} = ${userId}`,
  );
}
