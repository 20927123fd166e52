import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  MAX_TAGGED_USERS,
  POST_MSG,
  USER_MSG,
  type Notification,
  type NotificationList,
  type Post,
  type PostDetail,
  type PostList,
} from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { postTaggedUsers, users } from '../../db/schema/index.js';
import { startSocketTestApp, type SocketTestKit } from '../../realtime/testing.js';
import { seedUser, type SeededUser } from '../../test/harness.js';
import { createPostViaApi, follow } from './posts.fixtures.js';
import { selectTaggedPage } from './posts.tagged.repo.js';

let kit: SocketTestKit;
beforeAll(async () => {
  // Signed-in feed pages reuse kept post texts: a tag's change must still show at once.
  kit = await startSocketTestApp({ FEED_CACHE_MS: '10000' });
});
afterEach(() => kit.closeClients());
afterAll(async () => {
  await kit.close();
});

const seed = (values: Parameters<typeof seedUser>[1] = {}) => seedUser(kit.t, values);
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who?: SeededUser | null,
  payload?: Record<string, unknown>,
) =>
  kit.t.app.inject({
    method,
    url,
    headers: who ? who.auth : {},
    payload: payload ?? (method === 'GET' ? undefined : {}),
  });
const create = (who: SeededUser, body: Record<string, unknown>) =>
  call('POST', '/api/posts', who, { title: 'Tagged', content: 'With friends', category: 'Travel', ...body });
const edit = (who: SeededUser, post: { id: string }, body: Record<string, unknown>) =>
  call('PUT', `/api/posts/${post.id}`, who, body);
const untag = (who: SeededUser | null, post: { id: string }) =>
  call('DELETE', `/api/posts/${post.id}/tags/me`, who);
const taggedIds = async (member: { id: string }, viewer: SeededUser | null = null, query = '') => {
  const res = await call('GET', `/api/users/${member.id}/tagged${query}`, viewer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostList>().posts.map((p) => p.id);
};
const inFeed = async (viewer: SeededUser | null, postId: string) =>
  (await call('GET', '/api/posts?limit=50', viewer)).json<PostList>().posts.find((p) => p.id === postId);
const notificationsOf = async (who: SeededUser) =>
  (await call('GET', '/api/notifications', who)).json<NotificationList>().notifications;
const namesOf = (post: Post | undefined) => post?.taggedUsers.map((u) => u.username);

describe('taggedUserIds on create', () => {
  it('tags members: the post names them everywhere it is shown', async () => {
    const [ava, ben, cat, viewer] = [
      await seed(),
      await seed({ displayName: 'Ben B' }),
      await seed(),
      await seed(),
    ];
    await kit.t.database.db.update(users).set({ avatarUrl: '/media/ben.webp' }).where(eq(users.id, ben.id));
    const res = await create(ava, { taggedUserIds: [ben.id, cat.id, ben.id] });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json<{ post: Post }>().post;
    expect(post.taggedUsers).toHaveLength(2);
    expect(post.taggedUsers).toContainEqual({
      id: ben.id,
      _id: ben.id,
      username: ben.username,
      displayName: 'Ben B',
      avatarUrl: expect.stringMatching(/^http.*\/media\/ben\.webp$/),
    });
    expect(post.taggedUsers).toContainEqual(
      expect.objectContaining({ id: cat.id, displayName: cat.username }),
    );
    // The detail, the signed-in feed (kept texts), a filtered feed and signed out agree.
    const detail = (await call('GET', `/api/posts/${post.id}`, viewer)).json<PostDetail>();
    expect(detail.taggedUsers).toEqual(post.taggedUsers);
    expect((await inFeed(viewer, post.id))?.taggedUsers).toEqual(post.taggedUsers);
    expect((await inFeed(null, post.id))?.taggedUsers).toEqual(post.taggedUsers);
    const filtered = (await call('GET', `/api/posts?author=${ava.id}`, viewer)).json<PostList>();
    expect(filtered.posts[0]?.taggedUsers).toEqual(post.taggedUsers);
    // A post without tags carries an empty list.
    expect((await createPostViaApi(kit.t, ava)).taggedUsers).toEqual([]);
  });

  it(`refuses more than ${MAX_TAGGED_USERS} members, unknown or suspended members and bad ids`, async () => {
    const ava = await seed();
    const many = await Promise.all(Array.from({ length: MAX_TAGGED_USERS + 1 }, () => seed()));
    let res = await create(ava, { taggedUserIds: many.map((m) => m.id) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MSG.tooManyTaggedUsers);
    res = await create(ava, { taggedUserIds: many.slice(0, MAX_TAGGED_USERS).map((m) => m.id) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ post: Post }>().post.taggedUsers).toHaveLength(MAX_TAGGED_USERS);

    res = await create(ava, { taggedUserIds: ['a'.repeat(24)] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MSG.taggedUserNotFound);
    const suspended = await seed({ suspendedAt: new Date() });
    res = await create(ava, { taggedUserIds: [suspended.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MSG.taggedUserNotFound);
    res = await create(ava, { taggedUserIds: ['nope'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MSG.taggedUserIdInvalid);
    res = await create(ava, { taggedUserIds: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MSG.taggedUsersNotList);
  });

  it('refuses tags across a block, either way, and a block takes existing tags off', async () => {
    const [ava, ben, cat] = [await seed(), await seed(), await seed()];
    const post = (await create(ava, { taggedUserIds: [ben.id, cat.id] })).json<{ post: Post }>().post;
    const bens = (await create(ben, { taggedUserIds: [ava.id] })).json<{ post: Post }>().post;
    expect((await call('POST', `/api/users/${ben.id}/block`, ava)).statusCode).toBe(200);

    for (const [author, target] of [
      [ava, ben],
      [ben, ava],
    ] as const) {
      const res = await create(author, { taggedUserIds: [target.id] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(POST_MSG.taggedUserBlocked);
    }
    // The block took Ben off Ava's post and Ava off Ben's; Cat stays.
    expect(namesOf(await inFeed(cat, post.id))).toEqual([cat.username]);
    expect(await taggedIds(ava, ava)).not.toContain(bens.id);
    const rows = await kit.t.database.db
      .select()
      .from(postTaggedUsers)
      .where(eq(postTaggedUsers.postId, bens.id));
    expect(rows).toEqual([]);
  });
});

describe('taggedUserIds on edit', () => {
  it('replaces the list, keeps what stays, and only the author may', async () => {
    const [ava, ben, cat, dan] = [await seed(), await seed(), await seed(), await seed()];
    const post = (await create(ava, { taggedUserIds: [ben.id] })).json<{ post: Post }>().post;
    // Keep the text in the signed-in cache first.
    expect(namesOf(await inFeed(dan, post.id))).toEqual([ben.username]);

    let res = await edit(ava, post, { taggedUserIds: [ben.id, cat.id] });
    expect(res.statusCode, res.body).toBe(200);
    // Oldest tag first: Ben kept his place.
    expect(namesOf(res.json<{ post: Post }>().post)).toEqual([ben.username, cat.username]);
    expect(namesOf(await inFeed(dan, post.id))).toEqual([ben.username, cat.username]);
    // Editing something else leaves the tags alone.
    res = await edit(ava, post, { title: 'New title' });
    expect(res.json<{ post: Post }>().post.taggedUsers).toHaveLength(2);
    res = await edit(ava, post, { taggedUserIds: [] });
    expect(res.json<{ post: Post }>().post.taggedUsers).toEqual([]);
    expect(await inFeed(dan, post.id)).toMatchObject({ taggedUsers: [] });
    expect(await taggedIds(ben, ben)).not.toContain(post.id);

    res = await edit(ben, post, { taggedUserIds: [ben.id] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(POST_MSG.notAllowedToEdit);
    res = await edit(ava, post, {
      taggedUserIds: Array.from({ length: MAX_TAGGED_USERS + 1 }, (_, i) => String(i).padStart(24, 'a')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MSG.tooManyTaggedUsers);
  });

  it('refuses to add a member across a block', async () => {
    const [ava, ben] = [await seed(), await seed()];
    const post = await createPostViaApi(kit.t, ava);
    await call('POST', `/api/users/${ava.id}/block`, ben);
    const res = await edit(ava, post, { taggedUserIds: [ben.id] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(POST_MSG.taggedUserBlocked);
  });
});

describe('GET /api/users/{id}/tagged', () => {
  it('lists the posts a member is tagged in, newest tag first, by page and cursor', async () => {
    const [ava, ben] = [await seed(), await seed()];
    const posts: Post[] = [];
    for (let i = 0; i < 3; i++) {
      posts.push(
        (await create(ava, { title: `Tag ${i}`, taggedUserIds: [ben.id] })).json<{ post: Post }>().post,
      );
    }
    await createPostViaApi(kit.t, ava, { title: 'Not tagged' });
    expect(await taggedIds(ben)).toEqual(posts.map((p) => p.id).reverse());
    const page1 = (await call('GET', `/api/users/${ben.id}/tagged?limit=2`, ben)).json<PostList>();
    expect(page1.posts.map((p) => p.id)).toEqual([posts[2]!.id, posts[1]!.id]);
    expect(page1.pagination.hasNextPage).toBe(true);
    const cursor = encodeURIComponent(page1.pagination.nextCursor!);
    expect(await taggedIds(ben, ben, `?limit=2&cursor=${cursor}`)).toEqual([posts[0]!.id]);
    expect(await taggedIds(ben, ben, '?limit=2&page=2')).toEqual([posts[0]!.id]);
  });

  it('shows only what the viewer may see: a post made private leaves the list for others', async () => {
    const [ava, ben, fan, stranger] = [await seed(), await seed(), await seed(), await seed()];
    await follow(kit.t, fan, ava);
    const pub = (await create(ava, { taggedUserIds: [ben.id] })).json<{ post: Post }>().post;
    const forFollowers = (await create(ava, { privacy: 'followers', taggedUserIds: [ben.id] })).json<{
      post: Post;
    }>().post;
    expect(await taggedIds(ben, fan)).toEqual([forFollowers.id, pub.id]);
    expect(await taggedIds(ben, stranger)).toEqual([pub.id]);
    expect(await taggedIds(ben, null)).toEqual([pub.id]);

    expect((await edit(ava, pub, { privacy: 'private' })).statusCode).toBe(200);
    expect(await taggedIds(ben, stranger)).toEqual([]);
    expect(await taggedIds(ben, null)).toEqual([]);
    expect(await taggedIds(ben, fan)).toEqual([forFollowers.id]);
    // Not even the tagged member sees someone else's private post (nor, not following, the other).
    expect(await taggedIds(ben, ben)).toEqual([]);
    expect(await taggedIds(ben, ava)).toEqual([forFollowers.id, pub.id]);
  });

  it('is 404 for an unknown member, a suspended one and one who blocked the viewer; 400 for a bad id', async () => {
    const [ava, ben] = [await seed(), await seed()];
    let res = await call('GET', `/api/users/${'a'.repeat(24)}/tagged`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(USER_MSG.userNotFound);
    const suspended = await seed({ suspendedAt: new Date() });
    expect((await call('GET', `/api/users/${suspended.id}/tagged`, ava)).statusCode).toBe(404);
    await call('POST', `/api/users/${ava.id}/block`, ben);
    expect((await call('GET', `/api/users/${ben.id}/tagged`, ava)).statusCode).toBe(404);
    res = await call('GET', '/api/users/nope/tagged');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_MSG.invalidUserId);
  });

  it('walks post_tagged_users_user_created_idx without sorting', async () => {
    const plan = async (query: SQLWrapper) =>
      kit.t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const result = await tx.execute(sql`explain ${query}`);
        return (result as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
    const member = await seed();
    const first = await plan(
      selectTaggedPage(
        kit.t.database.db,
        member.id,
        { id: member.id, isAdmin: false, isModerator: false, permissions: [] },
        { limit: 12, offset: 0 },
      ),
    );
    expect(first).toContain('post_tagged_users_user_created_idx');
    expect(first).not.toMatch(/\bSort\b/);
    const after = await plan(
      selectTaggedPage(kit.t.database.db, member.id, null, {
        limit: 12,
        offset: 0,
        after: { t: '2026-01-01T00:00:00.000000Z', id: 'f'.repeat(24) },
      }),
    );
    expect(after).toContain('post_tagged_users_user_created_idx');
    expect(after).not.toMatch(/\bSort\b/);
  });
});

describe('DELETE /api/posts/{id}/tags/me', () => {
  it('takes the caller off (at once, kept texts too); 404 when not tagged; nobody else can', async () => {
    const [ava, ben, cat] = [await seed(), await seed(), await seed()];
    const post = (await create(ava, { taggedUserIds: [ben.id, cat.id] })).json<{ post: Post }>().post;
    expect(new Set(namesOf(await inFeed(cat, post.id)))).toEqual(new Set([ben.username, cat.username]));

    // Cat cannot take Ben off: the call only ever removes the caller.
    let res = await untag(ava, post);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(POST_MSG.notTagged);
    expect((await untag(null, post)).statusCode).toBe(401);

    res = await untag(ben, post);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: POST_MSG.untagged });
    expect(namesOf(await inFeed(cat, post.id))).toEqual([cat.username]);
    expect(namesOf(await inFeed(null, post.id))).toEqual([cat.username]);
    expect(await taggedIds(ben, ben)).toEqual([]);
    expect(await taggedIds(cat, cat)).toEqual([post.id]);
    res = await untag(ben, post);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(POST_MSG.notTagged);
  });

  it('works on a post the member can no longer see; says only "Post not found" otherwise', async () => {
    const [ava, ben, cat] = [await seed(), await seed(), await seed()];
    const post = (await create(ava, { taggedUserIds: [ben.id] })).json<{ post: Post }>().post;
    await edit(ava, post, { privacy: 'private' });
    let res = await untag(cat, post);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(POST_MSG.notFound);
    res = await untag(ben, post);
    expect(res.statusCode).toBe(200);
    res = await untag(ben, { id: 'a'.repeat(24) });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(POST_MSG.notFound);
  });
});

describe('tag notifications', () => {
  it('tells each newly tagged member live, never the author, and only once per tag', async () => {
    const [ava, ben, cat] = [await seed(), await seed(), await seed()];
    const benSocket = await kit.connect(ben);
    const post = (await create(ava, { title: 'Hike', taggedUserIds: [ben.id, ava.id] })).json<{
      post: Post;
    }>().post;
    expect(await benSocket.next<Notification>('notification')).toMatchObject({
      type: 'tag',
      actor: { id: ava.id },
      post: { id: post.id, title: 'Hike' },
    });
    expect(await benSocket.next('unread_counts')).toEqual({ notifications: 1, messages: 0 });
    expect(await notificationsOf(ava)).toEqual([]);
    // The Mentions tab holds tags too.
    const mentions = (await call('GET', '/api/notifications?type=mentions', ben)).json<NotificationList>();
    expect(mentions.notifications.map((n) => n.type)).toEqual(['tag']);

    // An edit tells only the newly added member.
    await edit(ava, post, { taggedUserIds: [ben.id, cat.id] });
    expect((await notificationsOf(ben)).filter((n) => n.type === 'tag')).toHaveLength(1);
    expect(await notificationsOf(cat)).toMatchObject([{ type: 'tag', post: { id: post.id } }]);
    await benSocket.none('notification');
  });

  it('respects the Settings switch and the post privacy', async () => {
    const [ava, ben, cat] = [await seed(), await seed(), await seed()];
    const settings = await call('PUT', '/api/notifications/settings', ben, { tags: false });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({ tags: false, mentions: true });
    expect((await call('GET', '/api/notifications/settings', ben)).json()).toMatchObject({ tags: false });
    const post = (await create(ava, { taggedUserIds: [ben.id] })).json<{ post: Post }>().post;
    expect(post.taggedUsers).toHaveLength(1);
    expect(await notificationsOf(ben)).toEqual([]);
    // A post Cat may not see tells Cat nothing.
    await create(ava, { privacy: 'followers', taggedUserIds: [cat.id] });
    expect(await notificationsOf(cat)).toEqual([]);
  });
});

describe('account deletion', () => {
  it('removes the member from every post they were tagged in', async () => {
    const [ava, ben] = [await seed(), await seed()];
    const post = (await create(ava, { taggedUserIds: [ben.id] })).json<{ post: Post }>().post;
    await kit.t.database.db.delete(users).where(eq(users.id, ben.id));
    const rows = await kit.t.database.db
      .select()
      .from(postTaggedUsers)
      .where(eq(postTaggedUsers.postId, post.id));
    expect(rows).toEqual([]);
  });
});
