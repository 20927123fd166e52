import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_MSG,
  type Notification,
  type NotificationList,
  type Post,
  type UnreadCounts,
} from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { comments, users } from '../../db/schema/index.js';
import { connectClient, startSocketTestApp, type SocketTestKit } from '../../realtime/testing.js';
import { seedUser, type SeededUser } from '../../test/harness.js';
import { createPostViaApi, follow } from '../posts/posts.fixtures.js';

let kit: SocketTestKit;
beforeAll(async () => {
  kit = await startSocketTestApp();
});
afterEach(() => kit.closeClients());
afterAll(async () => {
  await kit.close();
});

const seed = () => seedUser(kit.t);
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SeededUser, payload?: unknown) =>
  kit.t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const like = (who: SeededUser, post: Post) => call('POST', `/api/posts/${post.id}/like`, who);
const comment = (who: SeededUser, post: Post, content: string) =>
  call('POST', `/api/posts/${post.id}/comment`, who, { content });
const toggleFollow = (who: SeededUser, target: SeededUser) =>
  call('POST', `/api/users/${target.id}/follow`, who);

async function listOf(who: SeededUser, query = ''): Promise<NotificationList> {
  const res = await call('GET', `/api/notifications${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationList>();
}

describe('writing notifications', () => {
  it('tells the author of a like, with the actor, the post and an unread flag', async () => {
    const [ava, ben] = [await seed(), await seed()];
    const post = await createPostViaApi(kit.t, ava, { title: 'Sunset' });
    expect((await like(ben, post)).statusCode).toBe(200);
    const list = await listOf(ava);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toEqual([
      {
        id: expect.any(String),
        _id: list.notifications[0]!.id,
        type: 'like',
        actor: expect.objectContaining({ id: ben.id, username: ben.username, isFollowedByUser: false }),
        othersCount: 0,
        post: { id: post.id, title: 'Sunset', thumbnailUrl: null },
        comment: null,
        read: false,
        createdAt: expect.any(String),
      },
    ]);
    // The actor is told nothing about their own like.
    expect((await listOf(ben)).notifications).toEqual([]);
  });

  it('tells the author of a comment, with the comment', async () => {
    const [ava, ben] = [await seed(), await seed()];
    const post = await createPostViaApi(kit.t, ava);
    const res = await comment(ben, post, 'Lovely light');
    expect(res.statusCode).toBe(201);
    const [n] = (await listOf(ava)).notifications;
    expect(n).toMatchObject({
      type: 'comment',
      actor: { id: ben.id },
      post: { id: post.id },
      comment: { id: res.json<{ comment: { id: string } }>().comment.id, content: 'Lovely light' },
    });
  });

  it('tells the followed member, and the Follow button state comes from the server', async () => {
    const [ava, ben] = [await seed(), await seed()];
    await toggleFollow(ben, ava);
    let [n] = (await listOf(ava, '?type=follows')).notifications;
    expect(n).toMatchObject({ type: 'follow', actor: { id: ben.id, isFollowedByUser: false }, post: null });
    await toggleFollow(ava, ben);
    [n] = (await listOf(ava, '?type=follows')).notifications;
    expect(n!.actor.isFollowedByUser).toBe(true);
  });

  it('tells members mentioned in a post or a comment, once each, not by email-like text', async () => {
    const [ava, ben, cid] = [await seed(), await seed(), await seed()];
    const post = await createPostViaApi(kit.t, ava, {
      content: `With @${ben.username} and @${ben.username.toUpperCase()}; mail me at x@${cid.username}`,
    });
    const benList = await listOf(ben, '?type=mentions');
    expect(benList.notifications).toHaveLength(1);
    expect(benList.notifications[0]).toMatchObject({ type: 'mention', actor: { id: ava.id }, comment: null });
    expect((await listOf(cid)).notifications).toEqual([]);

    const res = await comment(cid, post, `@${ben.username} look, and @${ava.username} too`);
    const commentId = res.json<{ comment: { id: string } }>().comment.id;
    const [mention] = (await listOf(ben, '?type=mentions')).notifications;
    expect(mention).toMatchObject({ actor: { id: cid.id }, comment: { id: commentId } });
    // The author hears of the comment once, as a comment, not again as a mention.
    const avaTypes = (await listOf(ava)).notifications.map((n) => n.type);
    expect(avaTypes).toEqual(['comment']);
  });

  it('never notifies members of their own actions', async () => {
    const ava = await seed();
    const post = await createPostViaApi(kit.t, ava, { content: `note to self @${ava.username}` });
    await like(ava, post);
    await comment(ava, post, `again @${ava.username}`);
    const list = await listOf(ava);
    expect(list).toMatchObject({ notifications: [], unreadCount: 0 });
  });
});

describe('collapsing and taking back', () => {
  it('collapses likes of one post while unread and takes an unlike back', async () => {
    const [ava, ben, cid, dan] = [await seed(), await seed(), await seed(), await seed()];
    const post = await createPostViaApi(kit.t, ava);
    for (const who of [ben, cid, dan]) await like(who, post);
    let list = await listOf(ava);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({ type: 'like', actor: { id: dan.id }, othersCount: 2 });

    await like(dan, post); // unlike: the newest liker before dan shows again
    list = await listOf(ava);
    expect(list.notifications[0]).toMatchObject({ actor: { id: cid.id }, othersCount: 1 });
    await like(ben, post);
    await like(cid, post);
    list = await listOf(ava);
    expect(list).toMatchObject({ notifications: [], unreadCount: 0 });
  });

  it('counts only members who still exist among the others', async () => {
    const [ava, ben, cid, dan] = [await seed(), await seed(), await seed(), await seed()];
    const post = await createPostViaApi(kit.t, ava);
    for (const who of [ben, cid, dan]) await like(who, post);
    await kit.t.database.db.delete(users).where(eq(users.id, ben.id));
    expect((await listOf(ava)).notifications[0]).toMatchObject({ actor: { id: dan.id }, othersCount: 1 });
  });

  it('starts a new notification for likes after the collapsed one was read', async () => {
    const [ava, ben, cid] = [await seed(), await seed(), await seed()];
    const post = await createPostViaApi(kit.t, ava);
    await like(ben, post);
    await call('POST', '/api/notifications/read-all', ava);
    await like(cid, post);
    const list = await listOf(ava);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications.map((n) => [n.actor.id, n.othersCount, n.read])).toEqual([
      [cid.id, 0, false],
      [ben.id, 0, true],
    ]);
    // Unliking takes back only the pending (unread) one; the read one is history.
    await like(ben, post);
    expect((await listOf(ava)).notifications).toHaveLength(2);
    await like(cid, post);
    expect((await listOf(ava)).notifications.map((n) => n.actor.id)).toEqual([ben.id]);
  });

  it('takes back the unread follow notification on unfollow', async () => {
    const [ava, ben] = [await seed(), await seed()];
    await toggleFollow(ben, ava);
    expect((await listOf(ava)).unreadCount).toBe(1);
    await toggleFollow(ben, ava);
    expect(await listOf(ava)).toMatchObject({ notifications: [], unreadCount: 0 });
  });

  it('keeps one collapsed notification when many like at once', async () => {
    const ava = await seed();
    const likers = await Promise.all(Array.from({ length: 8 }, () => seed()));
    const post = await createPostViaApi(kit.t, ava);
    const answers = await Promise.all(likers.map((who) => like(who, post)));
    expect(answers.map((r) => r.statusCode)).toEqual(likers.map(() => 200));
    const list = await listOf(ava);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]!.othersCount).toBe(7);
  });
});

describe('privacy', () => {
  it('does not tell a mentioned member about a post they may not see', async () => {
    const [ava, fan, stranger] = [await seed(), await seed(), await seed()];
    await follow(kit.t, fan, ava);
    await createPostViaApi(kit.t, ava, {
      privacy: 'followers',
      content: `for @${fan.username} and @${stranger.username}`,
    });
    await createPostViaApi(kit.t, ava, { privacy: 'private', content: `only me, not @${fan.username}` });
    expect((await listOf(fan)).notifications).toHaveLength(1);
    expect((await listOf(stranger)).notifications).toEqual([]);
  });

  it('stops showing a notification whose post the recipient may no longer see', async () => {
    const [ava, fan] = [await seed(), await seed()];
    await toggleFollow(fan, ava);
    await createPostViaApi(kit.t, ava, { privacy: 'followers', content: `hi @${fan.username}` });
    expect((await listOf(fan)).unreadCount).toBe(1);
    await toggleFollow(fan, ava); // unfollows: the post is out of sight, and so is its mention
    expect(await listOf(fan)).toMatchObject({ notifications: [], unreadCount: 0 });
  });
});

describe('moderation', () => {
  it('hides a notification whose comment a moderator removed, or whose actor is suspended', async () => {
    const [ava, ben, cid] = [await seed(), await seed(), await seed()];
    const post = await createPostViaApi(kit.t, ava);
    const res = await comment(ben, post, 'spam spam');
    await toggleFollow(cid, ava);
    expect((await listOf(ava)).unreadCount).toBe(2);
    const commentId = res.json<{ comment: { id: string } }>().comment.id;
    await kit.t.database.db.update(comments).set({ removedAt: new Date() }).where(eq(comments.id, commentId));
    expect((await listOf(ava)).notifications.map((n) => n.type)).toEqual(['follow']);
    await kit.t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, cid.id));
    expect(await listOf(ava)).toMatchObject({ notifications: [], unreadCount: 0 });
  });
});

describe('blocks and suspensions', () => {
  const block = (who: SeededUser, target: SeededUser) => call('POST', `/api/users/${target.id}/block`, who);

  it('hides what a member did once either side blocks the other, and tells nothing new across it', async () => {
    const [ava, fan, other] = [await seed(), await seed(), await seed()];
    expect((await toggleFollow(fan, ava)).statusCode).toBe(200);
    expect((await toggleFollow(other, ava)).statusCode).toBe(200);
    expect((await listOf(ava)).unreadCount).toBe(2);

    expect((await block(ava, fan)).statusCode).toBe(200);
    const afterBlock = await listOf(ava);
    expect(afterBlock.notifications.map((n) => n.actor.id)).toEqual([other.id]);
    expect(afterBlock.unreadCount).toBe(1);

    // The blocked member mentions her: nothing reaches her, and nothing is stored to show later.
    await createPostViaApi(kit.t, fan, { content: `hey @${ava.username}` });
    expect((await listOf(ava)).notifications.map((n) => n.actor.id)).toEqual([other.id]);
  });
});

describe('GET /api/notifications', () => {
  it('filters by tab and pages by cursor, newest first', async () => {
    const [ava, ben, cid] = [await seed(), await seed(), await seed()];
    const post = await createPostViaApi(kit.t, ava);
    await like(ben, post);
    await comment(ben, post, 'one');
    await comment(cid, post, `two @${ava.username}`);
    await toggleFollow(cid, ava);
    const all = await listOf(ava);
    expect(all.notifications.map((n) => n.type)).toEqual(['follow', 'comment', 'comment', 'like']);
    expect(all.unreadCount).toBe(4);
    for (const [tab, type, count] of [
      ['likes', 'like', 1],
      ['comments', 'comment', 2],
      ['follows', 'follow', 1],
      ['mentions', 'mention', 0],
    ] as const) {
      const list = await listOf(ava, `?type=${tab}`);
      expect(list.notifications).toHaveLength(count);
      expect(list.notifications.every((n) => n.type === type)).toBe(true);
      expect(list.unreadCount).toBe(4); // the bell's count, whatever the tab
    }
    const first = await listOf(ava, '?limit=3');
    expect(first.pagination).toMatchObject({ hasNextPage: true, nextCursor: expect.any(String) });
    const rest = await listOf(ava, `?limit=3&cursor=${first.pagination.nextCursor}`);
    expect([...first.notifications, ...rest.notifications].map((n) => n.id)).toEqual(
      all.notifications.map((n) => n.id),
    );
    expect(rest.pagination.hasNextPage).toBe(false);
  });

  it('answers 401 without a token and 400 for a bad tab or cursor', async () => {
    const ava = await seed();
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read-all'],
      ['POST', `/api/notifications/${'a'.repeat(24)}/read`],
      ['GET', '/api/notifications/settings'],
      ['GET', '/api/notifications/unread-counts'],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
    }
    const bad = await call('GET', '/api/notifications?type=shares', ava);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: NOTIFICATION_MSG.invalidType });
    expect((await call('GET', '/api/notifications?cursor=nope', ava)).statusCode).toBe(400);
  });
});

describe('reading', () => {
  it('marks all read, or one, and only the member’s own', async () => {
    const [ava, ben, cid] = [await seed(), await seed(), await seed()];
    const post = await createPostViaApi(kit.t, ava);
    await comment(ben, post, 'a');
    await comment(cid, post, 'b');
    const [newest, older] = (await listOf(ava)).notifications as [Notification, Notification];

    const bad = await call('POST', '/api/notifications/nope/read', ava);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: NOTIFICATION_MSG.invalidNotificationId });
    const foreign = await call('POST', `/api/notifications/${newest.id}/read`, ben);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: NOTIFICATION_MSG.notFound });

    const one = await call('POST', `/api/notifications/${older.id}/read`, ava);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ unreadCount: 1 });
    expect((await listOf(ava)).notifications.map((n) => n.read)).toEqual([false, true]);

    expect((await call('GET', '/api/notifications/unread-counts', ava)).json()).toEqual({
      notifications: 1,
      messages: 0,
    });
    const all = await call('POST', '/api/notifications/read-all', ava);
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await listOf(ava)).notifications.map((n) => n.read)).toEqual([true, true]);
  });
});

describe('Settings → Notifications', () => {
  it('stores a switch per type in preferences, and the server honours it', async () => {
    const [ava, ben] = [await seed(), await seed()];
    expect((await call('GET', '/api/notifications/settings', ava)).json()).toEqual({
      likes: true,
      comments: true,
      follows: true,
      mentions: true,
      followRequests: true,
      tags: true,
    });
    const put = await call('PUT', '/api/notifications/settings', ava, { likes: false, follows: false });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      likes: false,
      comments: true,
      follows: false,
      mentions: true,
      followRequests: true,
      tags: true,
    });
    const me = await call('GET', '/api/auth/me', ava);
    expect(me.json().preferences).toEqual({ notifications: { likes: false, follows: false } });

    const post = await createPostViaApi(kit.t, ava);
    await like(ben, post);
    await toggleFollow(ben, ava);
    await comment(ben, post, 'still told');
    expect((await listOf(ava)).notifications.map((n) => n.type)).toEqual(['comment']);

    for (const body of [{ likes: 'no' }, { shares: true }, []]) {
      const res = await call('PUT', '/api/notifications/settings', ava, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('live delivery', () => {
  it('sends `notification` and `unread_counts` to every socket of the recipient, and only theirs', async () => {
    const [ava, ben] = [await seed(), await seed()];
    const post = await createPostViaApi(kit.t, ava);
    const tab1 = await kit.connect(ava);
    const tab2 = await connectClient(kit.origin, { token: ava.token });
    const benSocket = await kit.connect(ben);
    try {
      await like(ben, post);
      for (const tab of [tab1, tab2]) {
        expect(await tab.next<Notification>('notification')).toMatchObject({
          type: 'like',
          actor: { id: ben.id },
          post: { id: post.id },
        });
        expect(await tab.next<UnreadCounts>('unread_counts')).toEqual({ notifications: 1, messages: 0 });
      }
      await benSocket.none('notification');

      await call('POST', '/api/notifications/read-all', ava);
      expect(await tab1.next('unread_counts')).toEqual({ notifications: 0, messages: 0 });

      // Unlike: nothing new to show, the badge goes back down.
      await like(ben, post);
      await like(ben, post);
      await tab1.next('notification');
      expect(await tab1.next('unread_counts')).toEqual({ notifications: 1, messages: 0 });
      await like(ben, post);
      expect(await tab1.next('unread_counts')).toEqual({ notifications: 0, messages: 0 });
      await tab1.none('notification');
    } finally {
      tab2.close();
    }
  });

  it('tells the chat badge: a new message raises it, reading lowers it', async () => {
    const [ava, ben] = [await seed(), await seed()];
    const chat = await kit.openChat(ava, ben);
    const ca = await kit.connect(ava);
    const cb = await kit.connect(ben);
    const ack = (await ca.socket.timeout(15_000).emitWithAck('send_message', {
      chatId: chat.id,
      content: 'hello',
    })) as { message: { id: string } };
    expect(await cb.next('unread_counts')).toEqual({ notifications: 0, messages: 1 });
    await ca.none('unread_counts');
    cb.socket.emit('mark_message_read', { chatId: chat.id, messageId: ack.message.id });
    expect(await cb.next('unread_counts')).toEqual({ notifications: 0, messages: 0 });
  });
});
