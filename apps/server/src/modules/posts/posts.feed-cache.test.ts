import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostList } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { follow, insertPostRow } from './posts.fixtures.js';

const FEED_CACHE_MS = 1000;

let t: TestApp;
let author: SeededUser;
let follower: SeededUser;
let followersOnly: string;

beforeAll(async () => {
  t = await createTestApp({ FEED_CACHE_MS: String(FEED_CACHE_MS) });
  author = await seedUser(t);
  follower = await seedUser(t);
  await follow(t, follower, author);
  followersOnly = await insertPostRow(t, author, { privacy: 'followers' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function feedIds(headers: Record<string, string> = {}): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/posts?limit=50', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostList>().posts.map((p) => p.id);
}

describe('GET /api/posts: the token -> member cache', () => {
  it("keeps a token's member for FEED_CACHE_MS, then reads the member again", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(await feedIds(follower.auth)).toContain(followersOnly);
    // Ended behind the server's back (no sessionsEnded event): only the window protects the cache.
    await t.database.db.execute(
      sql`update users set session_version = session_version + 1 where id = ${follower.id}`,
    );
    expect(await feedIds(follower.auth)).toContain(followersOnly);
    vi.advanceTimersByTime(FEED_CACHE_MS + 1);
    // The token is now refused, which the feed treats as signed out.
    expect(await feedIds(follower.auth)).not.toContain(followersOnly);
  });

  it('forgets the member at once when their sessions end (password change)', async () => {
    const member = await seedUser(t);
    await follow(t, member, author);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(await feedIds(member.auth)).toContain(followersOnly);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: member.auth,
      payload: { currentPassword: 'secret123', newPassword: 'another-secret-456' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await feedIds(member.auth)).not.toContain(followersOnly);
    const fresh = { authorization: `Bearer ${res.json<{ token: string }>().token}` };
    expect(await feedIds(fresh)).toContain(followersOnly);
  });
});
