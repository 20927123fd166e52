import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@glimpse/shared';
import { users } from '../../db/schema/index.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const follow = (who: SeededUser | null, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/follow`, headers: who ? who.auth : {} });
const status = (who: SeededUser, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}/follow-status`, headers: who.auth });

/** The stored counters and the real number of follows rows, to prove they agree. */
async function countsOf(id: string) {
  const [row] = await t.database.db
    .select({
      followers: users.followersCount,
      following: users.followingCount,
      followers_rows: sql<number>`(SELECT count(*)::int FROM follows WHERE followee_id = ${users.id})`,
      following_rows: sql<number>`(SELECT count(*)::int FROM follows WHERE follower_id = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, id));
  return row!;
}

describe('POST /api/users/{id}/follow', () => {
  it('toggles following and answers the target followers count', async () => {
    const [ana, ben] = [await seedUser(t), await seedUser(t)];
    const first = await follow(ana, ben.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ following: true, requested: false, followersCount: 1 });
    expect(await countsOf(ben.id)).toMatchObject({ followers: 1, followers_rows: 1 });
    expect(await countsOf(ana.id)).toMatchObject({ following: 1, following_rows: 1 });

    const second = await follow(ana, ben.id);
    expect(second.json()).toEqual({ following: false, requested: false, followersCount: 0 });
    expect(await countsOf(ben.id)).toMatchObject({ followers: 0, followers_rows: 0 });
    expect(await countsOf(ana.id)).toMatchObject({ following: 0, following_rows: 0 });
  });

  it('refuses to follow oneself, a malformed id and an unknown user', async () => {
    const ana = await seedUser(t);
    const self = await follow(ana, ana.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: MSG.cannotFollowSelf });
    const malformed = await follow(ana, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'Invalid user ID' });
    const unknown = await follow(ana, 'a'.repeat(24));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
    expect(await countsOf(ana.id)).toMatchObject({ following: 0, following_rows: 0 });
  });

  it('requires a token', async () => {
    const ben = await seedUser(t);
    const res = await follow(null, ben.id);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Access token required');
  });

  it('keeps counters exact under 50 concurrent follows and 50 concurrent unfollows', async () => {
    const target = await seedUser(t);
    const fans = await Promise.all(Array.from({ length: 50 }, () => seedUser(t)));

    const on = await Promise.all(fans.map((fan) => follow(fan, target.id)));
    expect(on.every((r) => r.statusCode === 200 && r.json().following === true)).toBe(true);
    // Each answer is the count its own transaction committed, so all 50 are distinct.
    expect(new Set(on.map((r) => r.json().followersCount)).size).toBe(50);
    expect(await countsOf(target.id)).toMatchObject({ followers: 50, followers_rows: 50 });

    const off = await Promise.all(fans.map((fan) => follow(fan, target.id)));
    expect(off.every((r) => r.statusCode === 200 && r.json().following === false)).toBe(true);
    expect(await countsOf(target.id)).toMatchObject({ followers: 0, followers_rows: 0 });
    for (const fan of fans.slice(0, 5))
      expect(await countsOf(fan.id)).toMatchObject({ following: 0, following_rows: 0 });
  });

  it('stays consistent when one member fires many toggles of the same pair at once', async () => {
    const [ana, ben] = [await seedUser(t), await seedUser(t)];
    await Promise.all(Array.from({ length: 11 }, () => follow(ana, ben.id)));
    const after = await countsOf(ben.id);
    expect(after.followers).toBe(after.followers_rows);
    expect(await countsOf(ana.id)).toMatchObject({ following: after.followers_rows });
  });

  it('does not deadlock when two members follow each other at the same moment', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 10 }, async () => [await seedUser(t), await seedUser(t)] as const),
    );
    const results = await Promise.all(pairs.flatMap(([a, b]) => [follow(a, b.id), follow(b, a.id)]));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    for (const [a] of pairs) expect(await countsOf(a.id)).toMatchObject({ followers: 1, following: 1 });
  });
});

describe('GET /api/users/{id}/follow-status', () => {
  it('answers following, then not following after a toggle', async () => {
    const [ana, ben] = [await seedUser(t), await seedUser(t)];
    expect((await status(ana, ben.id)).json()).toEqual({ following: false, requested: false });
    await follow(ana, ben.id);
    expect((await status(ana, ben.id)).json()).toEqual({ following: true, requested: false });
    // Following is one-way.
    expect((await status(ben, ana.id)).json()).toEqual({ following: false, requested: false });
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const ana = await seedUser(t);
    const unknown = await status(ana, 'b'.repeat(24));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    const malformed = await status(ana, 'B'.repeat(24));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid user ID');
  });
});
