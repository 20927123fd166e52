import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { hotScoreExpr } from '../posts/posts.hot.js';

/**
 * The member's row, locked for the rest of the transaction. FOR UPDATE conflicts with the
 * FOR KEY SHARE lock every insert that references the member takes (likes, follows, comments,
 * messages by or to them), so none of those can slip in between the counter fixes and the delete.
 */
export async function lockUser(tx: Tx, userId: string): Promise<{ passwordHash: string } | undefined> {
  const [row] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Every stored media URL that is the member's: their uploads' files, their posts' images, their avatar. */
export async function selectMemberMediaUrls(
  db: DbOrTx,
  userId: string,
): Promise<{ storageKeys: string[]; urls: string[] }> {
  const [row] = await queryRows<{ keys: string[] | null; urls: string[] | null }>(
    db,
    sql`SELECT
          (SELECT array_agg(DISTINCT k) FROM media_uploads m, unnest(m.storage_keys) AS k
            WHERE m.owner_id = ${userId}) AS keys,
          (SELECT array_agg(DISTINCT u) FROM (
              SELECT pm.url AS u FROM post_media pm JOIN posts p ON p.id = pm.post_id WHERE p.author_id = ${userId}
              UNION
              SELECT v->>'url' FROM post_media pm JOIN posts p ON p.id = pm.post_id,
                     jsonb_array_elements(pm.variants) AS v
               WHERE p.author_id = ${userId}
              UNION
              SELECT avatar_url FROM users WHERE id = ${userId} AND avatar_url IS NOT NULL) AS all_urls) AS urls`,
  );
  return { storageKeys: row?.keys ?? [], urls: row?.urls ?? [] };
}

const likesMinus = sql.raw('likes_count - l.n');
const commentsMinus = sql.raw('comments_count - c.n');
const sharesMinus = sql.raw('shares_count - s.n');
const likes = sql.raw('likes_count');
const comments = sql.raw('comments_count');
const shares = sql.raw('shares_count');
const views = sql.raw('views_count');

/**
 * Takes the member's likes, comments, shares and saves off the counters (and hot score) of other
 * members' posts. A comment a moderator removed already left the count when it was removed. Relative updates on the locked rows, so a like by someone else committing at
 * the same moment is not lost. The member's own posts go entirely, so they are left alone.
 */
export async function subtractEngagementOnOthersPosts(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE posts SET likes_count = ${likesMinus},
                     hot_score = ${hotScoreExpr({ likes: likesMinus, comments, shares, views })}
    FROM (SELECT post_id, count(*)::int AS n FROM likes WHERE user_id = ${userId} GROUP BY post_id) AS l
    WHERE posts.id = l.post_id AND posts.author_id <> ${userId}`);
  await tx.execute(sql`
    UPDATE posts SET comments_count = ${commentsMinus},
                     hot_score = ${hotScoreExpr({ likes, comments: commentsMinus, shares, views })}
    FROM (SELECT post_id, count(*)::int AS n FROM comments
          WHERE user_id = ${userId} AND removed_at IS NULL GROUP BY post_id) AS c
    WHERE posts.id = c.post_id AND posts.author_id <> ${userId}`);
  await tx.execute(sql`
    UPDATE posts SET shares_count = ${sharesMinus},
                     hot_score = ${hotScoreExpr({ likes, comments, shares: sharesMinus, views })}
    FROM (SELECT post_id, count(*)::int AS n FROM shares WHERE user_id = ${userId} GROUP BY post_id) AS s
    WHERE posts.id = s.post_id AND posts.author_id <> ${userId}`);
  // Saves do not weigh in the hot score.
  await tx.execute(sql`
    UPDATE posts SET saves_count = greatest(0, saves_count - sv.n)
    FROM (SELECT post_id, count(*)::int AS n FROM saves WHERE user_id = ${userId} GROUP BY post_id) AS sv
    WHERE posts.id = sv.post_id AND posts.author_id <> ${userId}`);
}

/** Whom the member followed lose a follower; who followed the member follow one fewer. */
export async function subtractFollowCounters(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE users SET followers_count = followers_count - 1
    FROM follows f WHERE f.follower_id = ${userId} AND users.id = f.followee_id AND users.id <> ${userId}`);
  await tx.execute(sql`
    UPDATE users SET following_count = following_count - 1
    FROM follows f WHERE f.followee_id = ${userId} AND users.id = f.follower_id AND users.id <> ${userId}`);
}

/**
 * Collapsed notifications (several likers in one row) keep going without the member: they leave
 * `actor_ids`, and where they were the newest actor the newest one left takes `actor_id`. A row
 * with nobody left still names them in `actor_id` and goes with their row (ON DELETE CASCADE).
 * Answers the other members whose notifications change (their badges need telling).
 */
export async function removeFromNotifications(tx: Tx, userId: string): Promise<string[]> {
  const left = sql`array_remove(actor_ids, ${userId}::varchar)`;
  await tx.execute(sql`
    UPDATE notifications
    SET actor_ids = ${left}, actor_id = coalesce((${left})[cardinality(${left})], actor_id)
    WHERE ${userId}::varchar = ANY(actor_ids) AND recipient_id <> ${userId}`);
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT DISTINCT recipient_id AS id FROM notifications
        WHERE actor_id = ${userId} AND recipient_id <> ${userId}`,
  );
  return rows.map((r) => r.id);
}

export interface MemberChat {
  id: string;
  type: string;
  memberIds: string[];
}

/** The member's chats with every member's id. */
export async function selectMemberChats(db: DbOrTx, userId: string): Promise<MemberChat[]> {
  return queryRows<MemberChat>(
    db,
    sql`SELECT c.id, c.type,
               (SELECT array_agg(cm2.user_id ORDER BY cm2.user_id) FROM chat_members cm2 WHERE cm2.chat_id = c.id)
                 AS "memberIds"
        FROM chats c JOIN chat_members cm ON cm.chat_id = c.id AND cm.user_id = ${userId}`,
  );
}

export async function deleteChats(tx: Tx, chatIds: string[]): Promise<void> {
  if (chatIds.length === 0) return;
  await tx.execute(sql`DELETE FROM chats WHERE id = ANY(${sql.param(chatIds)}::varchar[])`);
}

/**
 * Group chats the member leaves keep going: their messages go, and each chat's last message and
 * the other members' unread counts are recomputed without them.
 */
export async function removeMessagesFromChats(tx: Tx, userId: string, chatIds: string[]): Promise<void> {
  if (chatIds.length === 0) return;
  const ids = sql`${sql.param(chatIds)}::varchar[]`;
  await tx.execute(sql`DELETE FROM messages WHERE sender_id = ${userId} AND chat_id = ANY(${ids})`);
  await tx.execute(sql`
    UPDATE chats SET last_message_id = (SELECT max(m.id) FROM messages m WHERE m.chat_id = chats.id)
    WHERE id = ANY(${ids})`);
  await tx.execute(sql`
    UPDATE chat_members cm SET unread_count = (
      SELECT count(*)::int FROM messages m
      WHERE m.chat_id = cm.chat_id AND m.sender_id <> cm.user_id
        AND m.id > COALESCE(cm.last_read_message_id, ''))
    WHERE cm.chat_id = ANY(${ids}) AND cm.user_id <> ${userId}`);
}

/**
 * Deletes the member's row; the foreign keys take the rest with it (ON DELETE CASCADE): their
 * posts (with those posts' images, likes, comments, shares and notifications), their likes,
 * comments, shares, follows both ways, chat memberships, messages, read receipts, uploads and
 * notifications to or from them.
 */
export async function deleteUserRow(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length === 1;
}
