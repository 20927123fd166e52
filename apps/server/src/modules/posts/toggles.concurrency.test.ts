import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowResult, LikeResult } from '@glimpse/shared';
import { follows, likes, posts, users } from '../../db/schema/index.js';
import { createTestApp, seedUser, type TestApp } from '../../test/harness.js';
import { createPostViaApi } from './posts.fixtures.js';

/**
 * One member toggling one target many times at once, on PostgreSQL: every toggle takes effect,
 * so the answers alternate and each states the real state right after it; the final state and
 * the counters match the rows.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const N = 50;

/** Sorted by the count each answer reports, the answers must read off, on, off, on... */
function expectAlternating(states: boolean[], countsWhenOn: number[], base: number) {
  expect(states.filter(Boolean)).toHaveLength(Math.ceil(N / 2));
  expect(states.filter((s) => !s)).toHaveLength(Math.floor(N / 2));
  // Each "on" answer counts the member in, each "off" answer counts them out.
  for (const c of countsWhenOn) expect(c).toBe(base + 1);
}

describe(`${N} concurrent toggles by one member`, () => {
  it('likes: every toggle takes effect and its answer is the true state', async () => {
    const author = await seedUser(t);
    const fan = await seedUser(t);
    const post = await createPostViaApi(t, author);
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: fan.auth, payload: {} }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    const results = answers.map((r) => r.json<LikeResult>());
    expectAlternating(
      results.map((r) => r.liked),
      results.filter((r) => r.liked).map((r) => r.likesCount),
      0,
    );
    for (const r of results.filter((r) => !r.liked)) expect(r.likesCount).toBe(0);
    // N is even: the member ends up not liking, and the counter agrees with the rows.
    const rows = await t.database.db
      .select()
      .from(likes)
      .where(and(eq(likes.postId, post.id), eq(likes.userId, fan.id)));
    expect(rows).toHaveLength(0);
    const [p] = await t.database.db.select({ n: posts.likesCount }).from(posts).where(eq(posts.id, post.id));
    expect(p!.n).toBe(0);
  });

  it('follows: every toggle takes effect and its answer is the true state', async () => {
    const star = await seedUser(t);
    const fan = await seedUser(t);
    const answers = await Promise.all(
      Array.from({ length: N + 1 }, () =>
        t.app.inject({ method: 'POST', url: `/api/users/${star.id}/follow`, headers: fan.auth, payload: {} }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(N + 1).fill(200));
    const results = answers.map((r) => r.json<FollowResult>());
    // N + 1 toggles: one more "on" than "off", and the member ends up following.
    expect(results.filter((r) => r.following)).toHaveLength(N / 2 + 1);
    expect(results.filter((r) => !r.following)).toHaveLength(N / 2);
    for (const r of results) expect(r.followersCount).toBe(r.following ? 1 : 0);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(follows)
      .where(and(eq(follows.followerId, fan.id), eq(follows.followeeId, star.id)));
    expect(row!.n).toBe(1);
    const [u] = await t.database.db
      .select({ followers: users.followersCount })
      .from(users)
      .where(eq(users.id, star.id));
    expect(u!.followers).toBe(1);
  });
});
