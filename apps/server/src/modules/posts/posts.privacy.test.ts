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

let t: TestApp;
const users = {} as Record<Exclude<ViewerName, 'visitor'>, SeededUser>;
const postOf = {} as Record<Privacy, Post>;

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
  await follow(t, users.follower, users.author);
  await follow(t, users.friend, users.author);
  await follow(t, users.author, users.friend);
  await follow(t, users.author, users.followedByAuthor);
  for (const privacy of PRIVACY_VALUES) {
    // Each level in its own city, so location stats show which levels a viewer can see.
    postOf[privacy] = await createPostViaApi(t, users.author, {
      privacy,
      title: `The ${privacy} post`,
      location: { name: `City-${privacy}` },
    });
  }
});
afterAll(async () => {
  await t.close();
});

const headersOf = (v: ViewerName) => (v === 'visitor' ? {} : users[v].auth);
const get = (url: string, v: ViewerName) => t.app.inject({ method: 'GET', url, headers: headersOf(v) });
const expectedTitles = (v: ViewerName) =>
  PRIVACY_VALUES.filter((p) => SEES[v].includes(p))
    .map((p) => `The ${p} post`)
    .sort();

describe.each(VIEWERS)('privacy for the %s', (viewer) => {
  it('lists exactly the posts the rule allows', async () => {
    const res = await get(`/api/posts?author=${users.author.id}&limit=50`, viewer);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<PostList>()
        .posts.map((p) => p.title)
        .sort(),
    ).toEqual(expectedTitles(viewer));
  });

  it('opens allowed posts and gets 404 "Post not found" for the others, uncounted', async () => {
    for (const privacy of PRIVACY_VALUES) {
      const res = await get(`/api/posts/${postOf[privacy].id}`, viewer);
      if (SEES[viewer].includes(privacy)) {
        expect(res.statusCode, privacy).toBe(200);
        expect(res.json<Post>().id).toBe(postOf[privacy].id);
      } else {
        expect(res.statusCode, privacy).toBe(404);
        expect(res.json()).toEqual({ message: 'Post not found', code: 'NOT_FOUND' });
      }
    }
  });

  it('counts only the cities of posts it may see', async () => {
    const res = await get('/api/posts/location-stats', viewer);
    expect(res.statusCode).toBe(200);
    const cities = res
      .json<{ city: string; count: number }[]>()
      .map((s) => s.city)
      .sort();
    expect(cities).toEqual(SEES[viewer].map((p) => `City-${p}`).sort());
  });

  it('reads comments only where it may see the post', async () => {
    for (const privacy of PRIVACY_VALUES) {
      const res = await get(`/api/posts/${postOf[privacy].id}/comments`, viewer);
      expect(res.statusCode, privacy).toBe(SEES[viewer].includes(privacy) ? 200 : 404);
    }
  });

  it.skipIf(viewer === 'visitor')('can like only what it may see (404 otherwise)', async () => {
    for (const privacy of PRIVACY_VALUES) {
      const like = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/posts/${postOf[privacy].id}/like`,
          headers: headersOf(viewer),
        });
      const res = await like();
      expect(res.statusCode, privacy).toBe(SEES[viewer].includes(privacy) ? 200 : 404);
      if (res.statusCode === 200) expect((await like()).json().liked).toBe(false);
    }
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
