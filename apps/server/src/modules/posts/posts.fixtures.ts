import type { Post } from '@glimpse/shared';
import { follows, posts, users } from '../../db/schema/index.js';
import { sql } from 'drizzle-orm';
import { newId } from '../../lib/ids.js';
import type { SeededUser, TestApp } from '../../test/harness.js';
import { hotScoreOf } from './posts.hot.js';

/** Test helpers for the posts suites. Only tests import this file. */

export async function follow(t: TestApp, follower: { id: string }, followee: { id: string }): Promise<void> {
  await t.database.db.insert(follows).values({ followerId: follower.id, followeeId: followee.id });
  await t.database.db
    .update(users)
    .set({ followersCount: sql`${users.followersCount} + 1` })
    .where(sql`${users.id} = ${followee.id}`);
}

/** Creates a post through the API (validation, transaction and all). */
export async function createPostViaApi(
  t: TestApp,
  author: SeededUser,
  body: Record<string, unknown> = {},
): Promise<Post> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: author.auth,
    payload: { title: 'A title', content: 'Some content', category: 'Travel', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<{ post: Post }>().post;
}

/** Inserts a post row directly, for suites that need many posts with chosen times and counters. */
export async function insertPostRow(
  t: TestApp,
  author: { id: string },
  values: Partial<typeof posts.$inferInsert> = {},
  opts: { stampedByDatabase?: boolean } = {},
): Promise<string> {
  const createdAt = values.createdAt ?? new Date();
  const id = values.id ?? newId(createdAt);
  const counts = {
    likes: values.likesCount ?? 0,
    comments: values.commentsCount ?? 0,
    shares: values.sharesCount ?? 0,
    views: values.viewsCount ?? 0,
  };
  await t.database.db.insert(posts).values({
    id,
    authorId: author.id,
    title: 'Seeded title',
    content: 'Seeded content',
    category: 'Travel',
    hotScore: hotScoreOf(counts, createdAt),
    createdAt,
    updatedAt: createdAt,
    ...values,
    // clock_timestamp() has microseconds, which a JS Date cannot hold (cursor precision tests).
    ...(opts.stampedByDatabase ? { createdAt: sql`clock_timestamp()` } : {}),
  });
  return id;
}
