import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_VALUES, type Post, type PostList, type Privacy } from '@glimpse/shared';
import { follows } from '../../db/schema/index.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { createPostViaApi, follow } from './posts.fixtures.js';

type ViewerName =
  | 'visitor'
  | 'stranger'
  | 'followedByAuthor'
  | 'follower'
  | 'friend'
  | 'author'
  | 'moderator'
  | 'permitted'
  | 'admin';

/** Who sees which privacy level (API.md): the one table the whole suite checks against. */
const SEES: Record<ViewerName, Privacy[]> = {
  visitor: ['public'],
  stranger: ['public'],
  // The author follows them, but they do not follow back: neither follower nor friend.
  followedByAuthor: ['public'],
  follower: ['public', 'followers'],
  friend: ['public', 'followers', 'friends'],
  author: ['public', 'followers', 'friends', 'private'],
  moderator: ['public', 'followers', 'friends', 'private'],
  // A member holding the named permission, without the moderator flag.
  permitted: ['public', 'followers', 'friends', 'private'],
  admin: ['public', 'followers', 'friends', 'private'],
};
const VIEWERS = Object.keys(SEES) as ViewerName[];

/**
 * The same table for a private account's posts: whatever each post's privacy, only approved
 * followers (and the owner, moderators, admins) see any of them. The viewers stand in the same
 * relation to the private account as to the public one ('author' is then the account itself).
 */
const SEES_OF_PRIVATE_ACCOUNT: Record<ViewerName, Privacy[]> = {
  ...SEES,
  visitor: [],
  stranger: [],
  followedByAuthor: [],
};

type Account = 'public account' | 'private account';
const ACCOUNTS: Account[] = ['public account', 'private account'];
const seesOf = (account: Account) => (account === 'public account' ? SEES : SEES_OF_PRIVATE_ACCOUNT);
const cityOf = (account: Account, privacy: Privacy) =>
  account === 'public account' ? `City-${privacy}` : `Hidden-${privacy}`;

let t: TestApp;
const users = {} as Record<Exclude<ViewerName, 'visitor'> | 'privateAuthor', SeededUser>;
const postOf = {} as Record<Privacy, Post>;
const privatePostOf = {} as Record<Privacy, Post>;
const postsOf = (account: Account) => (account === 'public account' ? postOf : privatePostOf);
const authorOf = (account: Account) => (account === 'public account' ? users.author : users.privateAuthor);

beforeAll(async () => {
  t = await createTestApp();
  users.author = await seedUser(t);
  users.stranger = await seedUser(t);
  users.followedByAuthor = await seedUser(t);
  users.follower = await seedUser(t);
  users.friend = await seedUser(t);
  users.moderator = await seedUser(t, { isModerator: true });
  users.permitted = await seedUser(t, { permissions: ['moderate_content'] });
  users.admin = await seedUser(t, { isAdmin: true });
  users.privateAuthor = await seedUser(t, { isPrivate: true });
  for (const author of [users.author, users.privateAuthor]) {
    await follow(t, users.follower, author);
    await follow(t, users.friend, author);
    await follow(t, author, users.friend);
    await follow(t, author, users.followedByAuthor);
  }
  for (const privacy of PRIVACY_VALUES) {
    // Each level in its own city, so location stats show which levels a viewer can see.
    postOf[privacy] = await createPostViaApi(t, users.author, {
      privacy,
      title: `The ${privacy} post`,
      location: { name: cityOf('public account', privacy) },
    });
    privatePostOf[privacy] = await createPostViaApi(t, users.privateAuthor, {
      privacy,
      title: `The hidden ${privacy} post`,
      location: { name: cityOf('private account', privacy) },
    });
  }
});
afterAll(async () => {
  await t.close();
});

const headersOf = (v: ViewerName, account: Account = 'public account') =>
  v === 'visitor' ? {} : v === 'author' ? authorOf(account).auth : users[v].auth;
const get = (url: string, v: ViewerName, account: Account = 'public account') =>
  t.app.inject({ method: 'GET', url, headers: headersOf(v, account) });
const titleOf = (account: Account, privacy: Privacy) =>
  account === 'public account' ? `The ${privacy} post` : `The hidden ${privacy} post`;
const expectedTitles = (v: ViewerName, account: Account = 'public account') =>
  PRIVACY_VALUES.filter((p) => seesOf(account)[v].includes(p))
    .map((p) => titleOf(account, p))
    .sort();

describe.each(ACCOUNTS)('on a %s', (account) => {
  const sees = seesOf(account);
  describe.each(VIEWERS)('privacy for the %s', (viewer) => {
    it('lists exactly the posts the rule allows', async () => {
      const res = await get(`/api/posts?author=${authorOf(account).id}&limit=50`, viewer, account);
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json<PostList>()
          .posts.map((p) => p.title)
          .sort(),
      ).toEqual(expectedTitles(viewer, account));
    });

    it('opens allowed posts and gets 404 "Post not found" for the others, uncounted', async () => {
      for (const privacy of PRIVACY_VALUES) {
        const res = await get(`/api/posts/${postsOf(account)[privacy].id}`, viewer, account);
        if (sees[viewer].includes(privacy)) {
          expect(res.statusCode, privacy).toBe(200);
          expect(res.json<Post>().id).toBe(postsOf(account)[privacy].id);
        } else {
          expect(res.statusCode, privacy).toBe(404);
          expect(res.json()).toEqual({ message: 'Post not found', code: 'NOT_FOUND' });
        }
      }
    });

    it('counts only the cities of posts it may see', async () => {
      const res = await get('/api/posts/location-stats', viewer, account);
      expect(res.statusCode).toBe(200);
      const cities = res
        .json<{ city: string; count: number }[]>()
        .map((s) => s.city)
        .filter((city) => PRIVACY_VALUES.some((p) => city === cityOf(account, p)))
        .sort();
      expect(cities).toEqual(sees[viewer].map((p) => cityOf(account, p)).sort());
    });

    it('reads comments only where it may see the post', async () => {
      for (const privacy of PRIVACY_VALUES) {
        const res = await get(`/api/posts/${postsOf(account)[privacy].id}/comments`, viewer, account);
        expect(res.statusCode, privacy).toBe(sees[viewer].includes(privacy) ? 200 : 404);
      }
    });

    it('finds in search and counts on the profile only what it may see', async () => {
      const q = account === 'public account' ? 'post' : 'hidden post';
      const res = await get(`/api/search?q=${encodeURIComponent(q)}&type=posts&limit=50`, viewer, account);
      expect(res.statusCode).toBe(200);
      const found = res
        .json<{ results: { posts: Post[] } }>()
        .results.posts.filter((p) => p.author.id === authorOf(account).id)
        .map((p) => p.title)
        .sort();
      expect(found).toEqual(expectedTitles(viewer, account));
      const profile = await get(`/api/users/profile/${authorOf(account).username}`, viewer, account);
      expect(profile.json<{ stats: { postsCount: number } }>().stats.postsCount).toBe(sees[viewer].length);
    });

    it.skipIf(viewer === 'visitor')('can like only what it may see (404 otherwise)', async () => {
      for (const privacy of PRIVACY_VALUES) {
        const like = () =>
          t.app.inject({
            method: 'POST',
            url: `/api/posts/${postsOf(account)[privacy].id}/like`,
            headers: headersOf(viewer, account),
          });
        const res = await like();
        expect(res.statusCode, privacy).toBe(sees[viewer].includes(privacy) ? 200 : 404);
        if (res.statusCode === 200) expect((await like()).json().liked).toBe(false);
      }
    });
  });
});

describe('privacy follows the relationship as it changes', () => {
  it('hides a liked post from the liked list once the liker may no longer see it', async () => {
    const author = await seedUser(t);
    const fan = await seedUser(t);
    await follow(t, fan, author);
    const post = await createPostViaApi(t, author, { privacy: 'followers' });
    await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: fan.auth });
    const liked = () => t.app.inject({ method: 'GET', url: '/api/users/me/liked-posts', headers: fan.auth });
    expect((await liked()).json<PostList>().posts.map((p) => p.id)).toEqual([post.id]);
    await t.database.db
      .delete(follows)
      .where(and(eq(follows.followerId, fan.id), eq(follows.followeeId, author.id)));
    expect((await liked()).json<PostList>().posts).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: fan.auth })).statusCode,
    ).toBe(404);
  });

  it('treats a bad token on an optional-auth call as a visitor', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/posts/${postOf.followers.id}`,
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(res.statusCode).toBe(404);
  });
});
