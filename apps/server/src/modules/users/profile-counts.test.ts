import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_VALUES, type BlockedUsers, type PublicUser, type SearchResponse } from '@glimpse/shared';
import { createPostViaApi, follow } from '../posts/posts.fixtures.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';

/** A profile's postsCount is the number of posts its viewer may see (and its posts list agrees). */

let t: TestApp;
let author: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  author = await seedUser(t);
  // One post of each privacy: public, private, friends, followers.
  for (const privacy of PRIVACY_VALUES) await createPostViaApi(t, author, { privacy });
});
afterAll(() => t.close());

const profile = async (viewer?: SeededUser) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/users/profile/${author.username}`,
    headers: viewer?.auth ?? {},
  });
  expect(res.statusCode).toBe(200);
  return res.json<PublicUser>();
};

describe('profile postsCount', () => {
  it('counts what each viewer may see', async () => {
    const stranger = await seedUser(t);
    const follower = await seedUser(t);
    await follow(t, follower, author);
    const friend = await seedUser(t);
    await follow(t, friend, author);
    await follow(t, author, friend);
    const moderator = await seedUser(t, { isModerator: true });

    expect((await profile()).stats.postsCount).toBe(1); // public
    expect((await profile(stranger)).stats.postsCount).toBe(1);
    expect((await profile(follower)).stats.postsCount).toBe(2); // + followers
    expect((await profile(friend)).stats.postsCount).toBe(3); // + friends
    expect((await profile(moderator)).stats.postsCount).toBe(4);
    expect((await profile(author)).stats.postsCount).toBe(4);
  });
});

describe('postsCount in people lists and search', () => {
  const get = async <T>(url: string, viewer?: SeededUser): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: viewer?.auth ?? {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const inPeople = async (viewer: SeededUser) =>
    (await get<PublicUser[]>(`/api/users?search=${author.username}`, viewer)).find(
      (u) => u.id === author.id,
    )!;
  const inSearch = async (viewer?: SeededUser) =>
    (await get<SearchResponse>(`/api/search?q=${author.username}&type=users`, viewer)).results.users.find(
      (u) => u.id === author.id,
    )!;

  it('counts what each viewer may see, as the profile does', async () => {
    const stranger = await seedUser(t);
    const friend = await seedUser(t);
    await follow(t, friend, author);
    await follow(t, author, friend);

    expect((await inSearch()).stats.postsCount).toBe(1);
    expect((await inSearch(stranger)).stats.postsCount).toBe(1);
    expect((await inSearch(friend)).stats.postsCount).toBe(3);
    expect((await inPeople(stranger)).stats.postsCount).toBe(1);
    expect((await inPeople(friend)).stats.postsCount).toBe(3);
  });

  it("shows a blocked member with no posts in the blocker's list", async () => {
    const blocker = await seedUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${author.id}/block`,
      headers: blocker.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { users } = await get<BlockedUsers>('/api/users/me/blocked', blocker);
    expect(users.map((u) => [u.id, u.stats.postsCount])).toEqual([[author.id, 0]]);
  });
});
