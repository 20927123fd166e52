import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MOD_MSG,
  SOCKET_EVENTS,
  type BlockedUsers,
  type PostDetail,
  type PostList,
  type PublicUser,
  type SearchResponse,
} from '@glimpse/shared';
import { publicUrlsFor } from '../../lib/public-urls.js';
import { seedUser, type SeededUser } from '../../test/harness.js';
import { startSocketTestApp, type SocketTestKit } from '../../realtime/testing.js';
import { sendChatMessage } from '../chats/messages.service.js';
import { insertComment } from '../moderation/moderation.fixtures.js';
import { insertPostRow } from '../posts/posts.fixtures.js';

let kit: SocketTestKit;
beforeAll(async () => {
  kit = await startSocketTestApp();
});
afterEach(() => kit.closeClients());
afterAll(async () => {
  await kit.close();
});

const inject = (who: SeededUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  kit.t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const block = (who: SeededUser, target: { id: string }) =>
  inject(who, 'POST', `/api/users/${target.id}/block`);
const unblock = (who: SeededUser, target: { id: string }) =>
  inject(who, 'DELETE', `/api/users/${target.id}/block`);
const feedIds = async (who: SeededUser, query = '') =>
  (await inject(who, 'GET', `/api/posts?limit=50${query}`)).json<PostList>().posts.map((p) => p.id);
const profile = (who: SeededUser, target: SeededUser) =>
  inject(who, 'GET', `/api/users/profile/${target.username}`);

describe('blocking', () => {
  it('hides each side from the other everywhere: feeds, post detail, comments, search, profile, people', async () => {
    const [ana, ben, cleo] = [await seedUser(t()), await seedUser(t()), await seedUser(t())];
    const anaPost = await insertPostRow(t(), ana, { title: 'Quokkaselfie by ana' });
    const benPost = await insertPostRow(t(), ben, { title: 'Quokkaselfie by ben' });
    const cleoPost = await insertPostRow(t(), cleo);
    await insertComment(t(), cleoPost, ana, 'ana was here');
    await insertComment(t(), cleoPost, ben, 'ben was here');

    expect((await block(ana, ben)).json()).toEqual({ message: MOD_MSG.blocked, blocked: true });

    for (const [viewer, hidden, own] of [
      [ana, benPost, anaPost],
      [ben, anaPost, benPost],
    ] as const) {
      const other = viewer === ana ? ben : ana;
      const feed = await feedIds(viewer);
      expect(feed).not.toContain(hidden);
      expect(feed).toContain(own);
      expect(await feedIds(viewer, `&author=${other.id}`)).toEqual([]);
      expect((await inject(viewer, 'GET', `/api/posts/${hidden}`)).statusCode).toBe(404);
      const comments = (await inject(viewer, 'GET', `/api/posts/${cleoPost}/comments`)).json().comments as {
        user: { id: string };
      }[];
      expect(comments.map((c) => c.user.id)).toEqual([viewer.id]);
      const detail = (await inject(viewer, 'GET', `/api/posts/${cleoPost}`)).json<PostDetail>();
      expect(detail.engagement.comments.map((c) => c.user.id)).toEqual([viewer.id]);
      const search = (await inject(viewer, 'GET', '/api/search?q=Quokkaselfie')).json<SearchResponse>();
      expect(search.results.posts.map((p) => p.id)).toEqual([own]);
      const people = (
        await inject(viewer, 'GET', `/api/search?q=${other.username}&type=users`)
      ).json<SearchResponse>();
      expect(people.results.users.map((u) => u.id)).not.toContain(other.id);
      const picker = (await inject(viewer, 'GET', `/api/users?search=${other.username}`)).json<
        PublicUser[]
      >();
      expect(picker.map((u) => u.id)).not.toContain(other.id);
    }
    // The blocked member cannot open the blocker's profile; the blocker can (to unblock), marked.
    expect((await profile(ben, ana)).statusCode).toBe(404);
    const seen = await profile(ana, ben);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ id: ben.id, isBlockedByUser: true });
    // A third member sees both as before.
    expect(await feedIds(cleo)).toEqual(expect.arrayContaining([anaPost, benPost]));

    expect((await unblock(ana, ben)).json()).toEqual({ message: MOD_MSG.unblocked, blocked: false });
    expect(await feedIds(ben)).toContain(anaPost);
    expect((await profile(ben, ana)).json()).not.toHaveProperty('isBlockedByUser');
  });

  it('removes follows both ways with their counters, and refuses following again while blocked', async () => {
    const [ana, ben] = [await seedUser(t()), await seedUser(t())];
    await inject(ana, 'POST', `/api/users/${ben.id}/follow`);
    await inject(ben, 'POST', `/api/users/${ana.id}/follow`);
    await block(ben, ana);
    expect((await profile(ben, ana)).json()).toMatchObject({
      stats: { followersCount: 0, followingCount: 0 },
    });
    const me = (await inject(ben, 'GET', '/api/auth/me')).json();
    expect(me.stats).toMatchObject({ followersCount: 0, followingCount: 0 });
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const res = await inject(from, 'POST', `/api/users/${to.id}/follow`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'BLOCKED', message: MOD_MSG.blockedInteraction });
    }
  });

  it('refuses a new chat and any message between them, over HTTP and the socket', async () => {
    const [ana, ben] = [await seedUser(t()), await seedUser(t())];
    const chat = await kit.openChat(ana, ben);
    await block(ana, ben);
    const open = await inject(ben, 'POST', '/api/chats', { participantId: ana.id });
    expect(open.statusCode).toBe(403);
    const urls = publicUrlsFor(kit.t.config, 'http://localhost');
    await expect(
      sendChatMessage(kit.t.app.ctx, ben, { chatId: chat.id, content: 'hi' }, urls),
    ).rejects.toMatchObject({
      code: 'BLOCKED',
    });
    const socket = await kit.connect(ben);
    socket.socket.emit(SOCKET_EVENTS.sendMessage, { chatId: chat.id, content: 'over the socket' });
    const error = await socket.next<{ message: string }>(SOCKET_EVENTS.error);
    expect(error.message).toBe(MOD_MSG.blockedInteraction);
    await unblock(ana, ben);
    await expect(
      sendChatMessage(kit.t.app.ctx, ben, { chatId: chat.id, content: 'hi' }, urls),
    ).resolves.toMatchObject({
      content: 'hi',
    });
  });

  it('lists whom the member blocked, newest first, and validates the target', async () => {
    const [ana, ben, cleo] = [await seedUser(t()), await seedUser(t()), await seedUser(t())];
    await block(ana, ben);
    await block(ana, cleo);
    await block(ana, cleo);
    const list = (await inject(ana, 'GET', '/api/users/me/blocked')).json<BlockedUsers>();
    expect(list.users.map((u) => u.id)).toEqual([cleo.id, ben.id]);
    expect(list.users[0]).toMatchObject({ isBlockedByUser: true, username: cleo.username });
    expect((await inject(ben, 'GET', '/api/users/me/blocked')).json<BlockedUsers>().users).toEqual([]);
    const self = await block(ana, ana);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: MOD_MSG.cannotBlockSelf });
    expect((await block(ana, { id: 'c'.repeat(24) })).statusCode).toBe(404);
    expect((await block(ana, { id: 'nope' })).statusCode).toBe(400);
  });
});

describe('suspension and sockets', () => {
  it("disconnects the member's open sockets at once", async () => {
    const [member, moderator] = [await seedUser(t()), await seedUser(t(), { isModerator: true })];
    const client = await kit.connect(member);
    const disconnected = new Promise<string>((resolve) => client.socket.on('disconnect', resolve));
    const res = await inject(moderator, 'POST', `/api/moderation/users/${member.id}/suspend`, {
      reason: 'Abuse',
    });
    expect(res.statusCode).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
  });
});

function t() {
  return kit.t;
}
