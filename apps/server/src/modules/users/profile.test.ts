import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser, SelfUser } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const profile = (username: string, who?: SeededUser, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/users/profile/${encodeURIComponent(username)}`,
    headers: who ? who.auth : headers,
  });
const people = (who: SeededUser, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/users${query}`, headers: who.auth });
const follow = (who: SeededUser, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/follow`, headers: who.auth });

/** Nothing private may appear anywhere in a PublicUser, under any key. */
function expectNothingPrivate(body: unknown, secrets: string[]) {
  const text = JSON.stringify(body);
  for (const key of [
    'email',
    'phoneNumber',
    'passwordHash',
    'moderation',
    'preferences',
    'permissions',
    'argon2',
  ]) {
    expect(text).not.toContain(key);
  }
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe('GET /api/users/profile/{username}', () => {
  it('shows a public profile to visitors and members, without email, phone or moderation', async () => {
    const ana = await seedUser(t, {
      phoneNumber: '+1 555-123-4567',
      bio: 'Hello',
      isModerator: true,
      permissions: ['view_reports'],
    });
    const ben = await seedUser(t);

    const anonymous = await profile(ana.username);
    expect(anonymous.statusCode).toBe(200);
    const visitorView = anonymous.json<PublicUser>();
    expect(visitorView).toMatchObject({
      id: ana.id,
      _id: ana.id,
      username: ana.username,
      profile: { bio: 'Hello' },
    });
    expect(visitorView).not.toHaveProperty('isFollowedByUser');
    expectNothingPrivate(visitorView, [ana.email, '555-123-4567']);

    const memberView = (await profile(ana.username, ben)).json<PublicUser>();
    expect(memberView.isFollowedByUser).toBe(false);
    expectNothingPrivate(memberView, [ana.email, '555-123-4567']);
  });

  it('shows oneself the SelfUser with email, phone and moderation', async () => {
    const ana = await seedUser(t, { phoneNumber: '(555) 123-4567' });
    const res = await profile(ana.username, ana);
    const self = res.json<SelfUser>();
    expect(self).toMatchObject({ id: ana.id, email: ana.email, profile: { phoneNumber: '(555) 123-4567' } });
    expect(self.moderation).toEqual({ permissions: [], isAdmin: false, isModerator: false });
  });

  it('finds the user case-insensitively and reports following and counts', async () => {
    const ana = await seedUser(t);
    const ben = await seedUser(t);
    await follow(ben, ana.id);
    const view = (await profile(ana.username.toUpperCase(), ben)).json<PublicUser>();
    expect(view.id).toBe(ana.id);
    expect(view.isFollowedByUser).toBe(true);
    expect(view.followersCount).toBe(1);
    expect(view.stats).toEqual({ postsCount: 0, followersCount: 1, followingCount: 0 });
  });

  it('answers 404 "User not found" for an unknown or absurd username', async () => {
    for (const name of ['nobody_here', 'x'.repeat(99), 'a b%_', '%']) {
      const res = await profile(name);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
    }
    // Past the router's parameter limit the answer is still a JSON client error, never a 500.
    const huge = await profile('x'.repeat(500));
    expect(huge.statusCode).toBe(414);
    expect(huge.json()).toHaveProperty('message');
  });

  it('treats a bad token as no token', async () => {
    const ana = await seedUser(t);
    const res = await profile(ana.username, undefined, { authorization: 'Bearer garbage' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('isFollowedByUser');
  });
});

describe('GET /api/users', () => {
  it('lists other members as a bare array, never the caller, followed people first', async () => {
    const me = await seedUser(t);
    const popular = await seedUser(t, { followersCount: 1000 });
    const friend = await seedUser(t);
    await follow(me, friend.id);

    const res = await people(me, '?limit=50');
    expect(res.statusCode).toBe(200);
    const list = res.json<PublicUser[]>();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((u) => u.id)).not.toContain(me.id);
    expect(list[0]).toMatchObject({ id: friend.id, isFollowedByUser: true });
    expect(list[1]).toMatchObject({ id: popular.id, isFollowedByUser: false });
    expectNothingPrivate(list, []);
    // Most followed first after the people one follows.
    const rest = list.slice(1).map((u) => u.followersCount);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
  });

  it('searches username and display name case-insensitively, by prefix or contains', async () => {
    const me = await seedUser(t, { username: 'searcher_me' });
    const zed = await seedUser(t, { username: 'zedkowalski' });
    const mid = await seedUser(t, { username: 'the_zedfan', followersCount: 5 });
    const byName = await seedUser(t, { username: 'plainname', displayName: 'Zed Lover' });
    await seedUser(t, { username: 'unrelated' });

    const ids = (res: Awaited<ReturnType<typeof people>>) => res.json<PublicUser[]>().map((u) => u.id);
    const found = ids(await people(me, '?search=ZED'));
    expect(new Set(found)).toEqual(new Set([zed.id, mid.id, byName.id]));
    // The username that starts with the text ranks above the better-followed "contains" match.
    expect(found[0]).toBe(zed.id);

    expect(ids(await people(me, '?search=kowal'))).toEqual([zed.id]);
    expect(ids(await people(me, '?search=searcher'))).toEqual([]);
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    const me = await seedUser(t);
    const under = await seedUser(t, { username: 'wild_card' });
    await seedUser(t, { username: 'wildxcard' });
    const res = await people(me, '?search=d_c');
    expect(res.json<PublicUser[]>().map((u) => u.id)).toEqual([under.id]);
    expect((await people(me, '?search=%25')).json()).toEqual([]);
  });

  it('honours limit (default 20, at most 50) and rejects a bad limit', async () => {
    const me = await seedUser(t);
    await Promise.all(Array.from({ length: 25 }, () => seedUser(t)));
    expect((await people(me)).json<PublicUser[]>()).toHaveLength(20);
    expect((await people(me, '?limit=3')).json<PublicUser[]>()).toHaveLength(3);
    for (const bad of ['0', '51', 'abc', '2.5']) {
      const res = await people(me, `?limit=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('requires a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(401);
  });
});
