import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MSG,
  type FollowRequests,
  type NotificationList,
  type PostList,
  type PublicUser,
  type SelfUser,
} from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { createPostViaApi, follow } from '../posts/posts.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const as = (member: SeededUser | null) => (member ? member.auth : {});
const get = (url: string, member: SeededUser | null) =>
  t.app.inject({ method: 'GET', url, headers: as(member) });
const post = (url: string, member: SeededUser, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: member.auth, payload });
const setPrivate = (member: SeededUser, isPrivate: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: member.auth, payload: { isPrivate } });
const titles = async (url: string, member: SeededUser | null) =>
  (await get(url, member)).json<PostList>().posts.map((p) => p.title);
const notificationsOf = async (member: SeededUser, type = 'all') =>
  (await get(`/api/notifications?type=${type}`, member)).json<NotificationList>().notifications;

describe('Settings → Privacy: a private account', () => {
  it('is set with PUT /api/users/profile { isPrivate } and shows on SelfUser and PublicUser', async () => {
    const owner = await seedUser(t);
    const res = await setPrivate(owner, true);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: SelfUser }>().user.isPrivate).toBe(true);
    expect((await get('/api/auth/me', owner)).json<SelfUser>().isPrivate).toBe(true);
    const seen = await get(`/api/users/profile/${owner.username}`, null);
    // The header stays visible to anyone.
    expect(seen.statusCode).toBe(200);
    expect(seen.json<PublicUser>()).toMatchObject({ username: owner.username, isPrivate: true });
    const bad = await setPrivate(owner, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ACCOUNT_MSG.isPrivateInvalid);
  });

  it('hides its posts from the home, following and tag channels of everyone but followers', async () => {
    const owner = await seedUser(t);
    const fan = await seedUser(t);
    const stranger = await seedUser(t);
    await follow(t, fan, owner);
    await follow(t, stranger, owner); // …then unfollowed below, before the account goes private
    await createPostViaApi(t, owner, { title: 'Quiet lake at dawn', tags: ['quietlakeprivate'] });
    await t.database.pool.query('delete from follows where follower_id = $1', [stranger.id]);
    expect((await setPrivate(owner, true)).statusCode).toBe(200);

    for (const viewer of [null, stranger]) {
      expect(await titles('/api/posts?limit=50', viewer)).not.toContain('Quiet lake at dawn');
      const tags = await get('/api/search?q=quietlakeprivate&type=tags', viewer);
      expect(tags.json<{ results: { tags: unknown[] } }>().results.tags).toEqual([]);
    }
    expect(await titles('/api/posts?limit=50', fan)).toContain('Quiet lake at dawn');
    expect(await titles('/api/posts?following=true&limit=50', fan)).toContain('Quiet lake at dawn');
    const fanTags = await get('/api/search?q=quietlakeprivate&type=tags', fan);
    expect(fanTags.json<{ results: { tags: unknown[] } }>().results.tags).toEqual([
      { tag: 'quietlakeprivate', count: 1 },
    ]);
  });

  it('mentions in its posts notify followers only', async () => {
    const owner = await seedUser(t, { isPrivate: true });
    const fan = await seedUser(t);
    const stranger = await seedUser(t);
    await follow(t, fan, owner);
    await createPostViaApi(t, owner, { content: `Hello @${fan.username} and @${stranger.username}` });
    expect((await notificationsOf(fan, 'mentions')).map((n) => n.actor.id)).toEqual([owner.id]);
    expect(await notificationsOf(stranger, 'mentions')).toEqual([]);
  });
});

describe('follow requests', () => {
  it('following a private account asks; the same call again cancels', async () => {
    const owner = await seedUser(t, { isPrivate: true });
    const asker = await seedUser(t);
    const asked = await post(`/api/users/${owner.id}/follow`, asker);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ following: false, requested: true, followersCount: 0 });
    expect((await get(`/api/users/${owner.id}/follow-status`, asker)).json()).toEqual({
      following: false,
      requested: true,
    });
    expect(
      (await get(`/api/users/profile/${owner.username}`, asker)).json<PublicUser>().isFollowRequested,
    ).toBe(true);
    // The account is told, under Follows.
    const told = await notificationsOf(owner, 'follows');
    expect(told.map((n) => [n.type, n.actor.id])).toEqual([['follow_request', asker.id]]);

    const cancelled = await post(`/api/users/${owner.id}/follow`, asker);
    expect(cancelled.json()).toEqual({ following: false, requested: false, followersCount: 0 });
    expect(await notificationsOf(owner)).toEqual([]);
    expect((await get('/api/users/me/follow-requests', owner)).json<FollowRequests>().requests).toEqual([]);
  });

  it('accepting lets the member follow and see the posts; declining does not', async () => {
    const owner = await seedUser(t, { isPrivate: true });
    const [ana, ben] = [await seedUser(t), await seedUser(t)];
    await createPostViaApi(t, owner, { title: 'Members only' });
    await post(`/api/users/${owner.id}/follow`, ana);
    await post(`/api/users/${owner.id}/follow`, ben);
    const list = (await get('/api/users/me/follow-requests', owner)).json<FollowRequests>().requests;
    expect(list.map((r) => r.user.id)).toEqual([ben.id, ana.id]);
    expect(list[0]!.user).toMatchObject({ username: ben.username, isPrivate: false });

    const accepted = await post(`/api/users/me/follow-requests/${ana.id}/accept`, owner);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: ACCOUNT_MSG.followRequestAccepted, followersCount: 1 });
    const declined = await post(`/api/users/me/follow-requests/${ben.id}/decline`, owner);
    expect(declined.json()).toEqual({ message: ACCOUNT_MSG.followRequestDeclined, followersCount: 1 });

    expect((await get(`/api/users/${owner.id}/follow-status`, ana)).json()).toEqual({
      following: true,
      requested: false,
    });
    expect(await titles(`/api/posts?author=${owner.id}`, ana)).toEqual(['Members only']);
    expect(await titles(`/api/posts?author=${owner.id}`, ben)).toEqual([]);
    expect((await get(`/api/users/${owner.id}/follow-status`, ben)).json()).toEqual({
      following: false,
      requested: false,
    });
    // Answered requests leave nothing to act on.
    expect(await notificationsOf(owner)).toEqual([]);
    const again = await post(`/api/users/me/follow-requests/${ben.id}/accept`, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ACCOUNT_MSG.followRequestNotFound);
    const counts = (await get('/api/auth/me', ana)).json<SelfUser>().stats;
    expect(counts.followingCount).toBe(1);
  });

  it('switching to public accepts every waiting request, counters included', async () => {
    const owner = await seedUser(t, { isPrivate: true });
    const askers = [await seedUser(t), await seedUser(t), await seedUser(t)];
    for (const asker of askers) await post(`/api/users/${owner.id}/follow`, asker);
    const res = await setPrivate(owner, false);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: SelfUser }>().user.stats.followersCount).toBe(3);
    for (const asker of askers) {
      expect((await get(`/api/users/${owner.id}/follow-status`, asker)).json()).toEqual({
        following: true,
        requested: false,
      });
      expect((await get('/api/auth/me', asker)).json<SelfUser>().stats.followingCount).toBe(1);
    }
    expect((await get('/api/users/me/follow-requests', owner)).json<FollowRequests>().requests).toEqual([]);
    // A public account is followed at once again.
    const later = await seedUser(t);
    expect((await post(`/api/users/${owner.id}/follow`, later)).json()).toMatchObject({
      following: true,
      requested: false,
    });
  });

  it('a block takes a waiting request away', async () => {
    const owner = await seedUser(t, { isPrivate: true });
    const asker = await seedUser(t);
    await post(`/api/users/${owner.id}/follow`, asker);
    expect((await post(`/api/users/${asker.id}/block`, owner)).statusCode).toBe(200);
    await t.database.pool.query('delete from blocks where blocker_id = $1', [owner.id]);
    expect((await get('/api/users/me/follow-requests', owner)).json<FollowRequests>().requests).toEqual([]);
    expect((await get(`/api/users/${owner.id}/follow-status`, asker)).json()).toEqual({
      following: false,
      requested: false,
    });
  });

  it('respects the Follow requests switch in Settings → Notifications', async () => {
    const owner = await seedUser(t, { isPrivate: true });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: owner.auth,
      payload: { followRequests: false },
    });
    expect(off.json()).toMatchObject({ followRequests: false, follows: true });
    await post(`/api/users/${owner.id}/follow`, await seedUser(t));
    expect(await notificationsOf(owner)).toEqual([]);
    expect((await get('/api/users/me/follow-requests', owner)).json<FollowRequests>().requests).toHaveLength(
      1,
    );
  });
});

describe('kept signed-out feed pages', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ FEED_CACHE_MS: '10000' });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it("drop an account's posts the moment it goes private", async () => {
    const owner = await seedUser(cached);
    await createPostViaApi(cached, owner, { title: 'Soon private' });
    const page = async () =>
      (await cached.app.inject({ method: 'GET', url: '/api/posts?limit=50' }))
        .json<PostList>()
        .posts.map((p) => p.title);
    expect(await page()).toContain('Soon private');
    const res = await cached.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: owner.auth,
      payload: { isPrivate: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await page()).not.toContain('Soon private');
  });
});
