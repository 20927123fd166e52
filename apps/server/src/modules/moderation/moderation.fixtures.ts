import { comments, posts, reports } from '../../db/schema/index.js';
import { sql } from 'drizzle-orm';
import { newId } from '../../lib/ids.js';
import { seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { insertPostRow } from '../posts/posts.fixtures.js';

/** Test helpers for the moderation suites. Only tests import this file. */

export interface Cast {
  member: SeededUser;
  moderator: SeededUser;
  admin: SeededUser;
}

export async function seedCast(t: TestApp): Promise<Cast> {
  return {
    member: await seedUser(t),
    moderator: await seedUser(t, { isModerator: true }),
    admin: await seedUser(t, { isAdmin: true }),
  };
}

export async function insertComment(
  t: TestApp,
  postId: string,
  author: { id: string },
  content = 'A comment',
) {
  const id = newId();
  await t.database.db.insert(comments).values({ id, postId, userId: author.id, content });
  await t.database.db
    .update(posts)
    .set({ commentsCount: sql`${posts.commentsCount} + 1` })
    .where(sql`${posts.id} = ${postId}`);
  return id;
}

/** An open report of a fresh post by a fresh author, filed by a fresh member. */
export async function insertOpenReport(
  t: TestApp,
): Promise<{ reportId: string; postId: string; authorId: string }> {
  const author = await seedUser(t);
  const reporter = await seedUser(t);
  const postId = await insertPostRow(t, author);
  const reportId = newId();
  await t.database.db.insert(reports).values({
    id: reportId,
    reporterId: reporter.id,
    targetType: 'post',
    targetId: postId,
    targetUserId: author.id,
    reason: 'spam',
  });
  return { reportId, postId, authorId: author.id };
}
