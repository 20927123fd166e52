import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostList } from '@glimpse/shared';
import { createTestApp, seedSession, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { follow, insertPostRow } from './posts.fixtures.js';
import { forgetFeedPages } from './posts.service.js';

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

async function feedIds(headers: Record<string, string> = {}, query = '?limit=50'): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/posts${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json<PostList>().posts.map((p) => p.id);
}

describe('GET /api/posts: the token -> member cache', () => {
  it("keeps a token's member for FEED_CACHE_MS, then reads the member again", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(await feedIds(follower.auth)).toContain(followersOnly);
    // Ended behind the server's back (no sessionsEnded event): only the window protects the cache.
    await t.database.db.execute(sql`delete from sessions where user_id = ${follower.id}`);
    expect(await feedIds(follower.auth)).toContain(followersOnly);
    vi.advanceTimersByTime(FEED_CACHE_MS + 1);
    // The token is now refused, which the feed treats as signed out.
    expect(await feedIds(follower.auth)).not.toContain(followersOnly);
  });

  it("forgets a member's sessions at once when they end (a password change ends the others)", async () => {
    const member = await seedUser(t);
    await follow(t, member, author);
    const phone = { authorization: `Bearer ${await seedSession(t, member, { device: 'Phone' })}` };
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(await feedIds(phone)).toContain(followersOnly);
    expect(await feedIds(member.auth)).toContain(followersOnly);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: member.auth,
      payload: { currentPassword: 'secret123', newPassword: 'another-secret-456' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Within FEED_CACHE_MS: the other device's token is refused at once, the changing one kept.
    expect(await feedIds(phone)).not.toContain(followersOnly);
    expect(await feedIds(member.auth)).toContain(followersOnly);
  });
});

describe('GET /api/posts: the signed-out page cache', () => {
  beforeEach(() => {
    forgetFeedPages(t.app.ctx);
  });

  it('answers a signed-out page from the cache until FEED_CACHE_MS has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const query = '?limit=50&sort=newest';
    const before = await feedIds({}, query);
    const fresh = await insertPostRow(t, author, { createdAt: new Date() });
    expect(await feedIds({}, query)).toEqual(before);
    // Signed in is never cached; another query is another entry.
    const member = await seedUser(t);
    expect(await feedIds(member.auth, query)).toContain(fresh);
    expect(await feedIds({}, '?limit=49&sort=newest')).toContain(fresh);
    vi.advanceTimersByTime(FEED_CACHE_MS + 1);
    expect(await feedIds({}, query)).toContain(fresh);
  });

  it('forgets cached pages when a post is deleted', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const doomed = await insertPostRow(t, author, { createdAt: new Date() });
    expect(await feedIds()).toContain(doomed);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/posts/${doomed}`, headers: author.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(await feedIds()).not.toContain(doomed);
  });

  it('forgets cached pages when a moderator removes a post', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const moderator = await seedUser(t, { isModerator: true });
    const reported = await insertPostRow(t, author, { createdAt: new Date() });
    expect(await feedIds()).toContain(reported);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: (await seedUser(t)).auth,
      payload: { targetType: 'post', targetId: reported, reason: 'spam' },
    });
    expect(report.statusCode, report.body).toBe(201);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/reports/${report.json<{ report: { id: string } }>().report.id}/resolve`,
      headers: moderator.auth,
      payload: { action: 'remove' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await feedIds()).not.toContain(reported);
  });
});
