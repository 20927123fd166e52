import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG, USER_MSG, type Post, type UploadMediaResponse } from '@glimpse/shared';
import { queryRows } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import { startSocketTestApp, type SocketTestKit } from '../../realtime/testing.js';
import { seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { insertMessage } from '../chats/messages.repo.js';
import { multipart, solidImage } from '../media/media.fixtures.js';
import { createPostViaApi } from '../posts/posts.fixtures.js';
import { hotScoreOf } from '../posts/posts.hot.js';

let kit: SocketTestKit;
let t: TestApp;
beforeAll(async () => {
  kit = await startSocketTestApp();
  t = kit.t;
});
afterEach(() => kit.closeClients());
afterAll(async () => {
  await kit.close();
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, who: SeededUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, payload });
const deleteAccount = (who: SeededUser, password: unknown) =>
  inject('DELETE', '/api/users/me', who, { password });

async function upload(who: SeededUser, images: Buffer[]): Promise<string[]> {
  const body = multipart(images.map((data) => ({ data })));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/posts/upload-media',
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json<UploadMediaResponse>().media.map((m) => m.url);
}

async function ok(res: { statusCode: number; body: string }, status = 200) {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
}

/** Every column of every table that points at users.id, read from the catalogue (future tables too). */
async function userReferences(): Promise<Array<{ table: string; column: string }>> {
  return queryRows(
    t.database.db,
    sql`SELECT c.conrelid::regclass::text AS "table", a.attname AS "column"
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
        WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass`,
  );
}

async function rowsReferencing(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const ref of await userReferences()) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(ref.table)} WHERE ${sql.identifier(ref.column)} = ${userId}`,
    );
    counts[`${ref.table}.${ref.column}`] = row!.n;
  }
  const [self] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM users WHERE id = ${userId}`,
  );
  counts['users.id'] = self!.n;
  return counts;
}

/** Stored counters beside the real number of rows, for posts and members. */
async function postCounters(postId: string) {
  const [row] = await queryRows<{
    likes: number;
    likes_rows: number;
    comments: number;
    comments_rows: number;
    shares: number;
    shares_rows: number;
    views: number;
    hot: number;
    created_at: Date;
  }>(
    t.database.db,
    sql`SELECT likes_count AS likes, (SELECT count(*)::int FROM likes WHERE post_id = p.id) AS likes_rows,
               comments_count AS comments,
               (SELECT count(*)::int FROM comments WHERE post_id = p.id AND removed_at IS NULL) AS comments_rows,
               shares_count AS shares, (SELECT count(*)::int FROM shares WHERE post_id = p.id) AS shares_rows,
               views_count AS views, hot_score AS hot, created_at
        FROM posts p WHERE id = ${postId}`,
  );
  return row!;
}

async function memberCounters(userId: string) {
  const [row] = await queryRows<{
    followers: number;
    followers_rows: number;
    following: number;
    following_rows: number;
  }>(
    t.database.db,
    sql`SELECT followers_count AS followers, (SELECT count(*)::int FROM follows WHERE followee_id = u.id) AS followers_rows,
               following_count AS following, (SELECT count(*)::int FROM follows WHERE follower_id = u.id) AS following_rows
        FROM users u WHERE id = ${userId}`,
  );
  return row!;
}

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('DELETE /api/users/me', () => {
  it('refuses without the right password and changes nothing', async () => {
    const ana = await seedUser(t);
    const missing = await inject('DELETE', '/api/users/me', ana, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: USER_MSG.passwordRequired });
    const wrong = await deleteAccount(ana, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: USER_MSG.passwordIncorrect, code: 'VALIDATION' });
    // Wrong guesses share the change-password budget: past it, even the right password waits.
    for (let i = 1; i < t.config.loginMaxFailures; i++) {
      expect((await deleteAccount(ana, `guess-${i}`)).statusCode).toBe(400);
    }
    const limited = await deleteAccount(ana, 'secret123');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const anonymous = await inject('DELETE', '/api/users/me', null, { password: 'secret123' });
    expect(anonymous.statusCode).toBe(401);
    expect((await rowsReferencing(ana.id))['users.id']).toBe(1);
  });

  it('removes everything of the member, keeps others’ counters exact and their shared files', async () => {
    const [ana, ben, cara] = [await seedUser(t), await seedUser(t), await seedUser(t)];

    // Media: ana's own photo, a photo ben uploaded too (same bytes, same stored files), an avatar.
    const shared = await solidImage(420, 300);
    const [anaOwnUrl, anaSharedUrl] = await upload(ana, [await solidImage(400, 300), shared]);
    const [benSharedUrl] = await upload(ben, [shared]);
    expect(keyOf(anaSharedUrl!)).toBe(keyOf(benSharedUrl!));
    const avatarBody = multipart([{ field: 'avatar', data: await solidImage(300, 300) }]);
    await ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/users/avatar',
        headers: { ...ana.auth, ...avatarBody.headers },
        payload: avatarBody.payload,
      }),
    );
    const anaPost = await createPostViaApi(t, ana, {
      media: { images: [{ url: anaOwnUrl }, { url: anaSharedUrl }] },
    });
    const benPost = await createPostViaApi(t, ben, { media: { images: [{ url: benSharedUrl }] } });
    const caraPost = await createPostViaApi(t, cara);

    // Engagement both ways.
    for (const [who, post] of [
      [ana, benPost],
      [cara, benPost],
      [ana, caraPost],
      [ben, anaPost],
    ] as Array<[SeededUser, Post]>) {
      await ok(await inject('POST', `/api/posts/${post.id}/like`, who, {}));
    }
    await ok(await inject('POST', `/api/posts/${benPost.id}/comment`, ana, { content: 'one' }), 201);
    await ok(await inject('POST', `/api/posts/${benPost.id}/comment`, ana, { content: 'two' }), 201);
    await ok(await inject('POST', `/api/posts/${benPost.id}/comment`, cara, { content: 'three' }), 201);
    await ok(await inject('POST', `/api/posts/${anaPost.id}/comment`, ben, { content: 'nice' }), 201);
    // A third comment of ana's that a moderator removed (out of the count since then).
    const removed = await inject('POST', `/api/posts/${benPost.id}/comment`, ana, { content: 'spam' });
    await ok(removed, 201);
    await t.database.db.execute(
      sql`UPDATE comments SET removed_at = now() WHERE id = ${removed.json<{ comment: { id: string } }>().comment.id}`,
    );
    await t.database.db.execute(
      sql`UPDATE posts SET comments_count = comments_count - 1 WHERE id = ${benPost.id}`,
    );
    await ok(await inject('POST', `/api/posts/${benPost.id}/share`, ana, {}));
    await ok(await inject('POST', `/api/posts/${benPost.id}/share`, cara, {}));
    await ok(await inject('POST', `/api/users/${ben.id}/follow`, ana, {}));
    await ok(await inject('POST', `/api/users/${ana.id}/follow`, ben, {}));
    await ok(await inject('POST', `/api/users/${ana.id}/follow`, cara, {}));
    await ok(await inject('POST', `/api/users/${ben.id}/follow`, cara, {}));

    // Blocks both ways and a report by ana (moderation's tables).
    const dave = await seedUser(t);
    await ok(await inject('POST', `/api/users/${dave.id}/block`, ana, {}));
    await ok(await inject('POST', `/api/users/${ana.id}/block`, dave, {}));
    await ok(
      await inject('POST', '/api/reports', ana, {
        targetType: 'post',
        targetId: caraPost.id,
        reason: 'spam',
      }),
      201,
    );

    // Chats: ana with ben (goes), ben with cara (stays untouched).
    const anaBen = await kit.openChat(ana, ben);
    const benCara = await kit.openChat(ben, cara);
    await t.database.db.transaction(async (tx) => {
      const at = new Date();
      await insertMessage(tx, { id: newId(at), chatId: anaBen.id, senderId: ana.id, content: 'hi ben', at });
      await insertMessage(tx, { id: newId(at), chatId: anaBen.id, senderId: ben.id, content: 'hi ana', at });
      await insertMessage(tx, {
        id: newId(at),
        chatId: benCara.id,
        senderId: cara.id,
        content: 'hi ben',
        at,
      });
    });

    const anaSocket = await kit.connect(ana);
    const anaDisconnected = new Promise<string>((resolve) => anaSocket.socket.once('disconnect', resolve));
    const benSocket = await kit.connect(ben);
    const before = await rowsReferencing(ana.id);
    expect(before['posts.author_id']).toBe(1);
    // Real notifications from the likes, comments and follows above; ana and cara share the
    // collapsed "liked your post" of ben's post.
    expect(before['notifications.actor_id']).toBeGreaterThan(0);
    const likeNote = sql`SELECT actor_id AS "actorId", actor_ids AS "actorIds" FROM notifications
                         WHERE recipient_id = ${ben.id} AND type = 'like' AND post_id = ${benPost.id}`;
    expect(await queryRows(t.database.db, likeNote)).toEqual([
      { actorId: cara.id, actorIds: [ana.id, cara.id] },
    ]);
    expect(before['blocks.blocker_id']).toBe(1);
    expect(before['blocks.blocked_id']).toBe(1);
    expect(before['reports.reporter_id']).toBe(1);
    const [avatar] = await queryRows<{ url: string }>(
      t.database.db,
      sql`SELECT avatar_url AS url FROM users WHERE id = ${ana.id}`,
    );
    const anaFileKeys = [anaOwnUrl!, anaSharedUrl!, avatar!.url].map(keyOf);
    for (const key of anaFileKeys) expect(await t.app.ctx.storage.get(key)).not.toBeNull();

    const res = await deleteAccount(ana, 'secret123');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: USER_MSG.accountDeleted });

    // Every table that references a member holds nothing of ana's.
    const after = await rowsReferencing(ana.id);
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true);
    const [orphans] = await queryRows<{ posts: number; media: number; chats: number; messages: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM posts WHERE id = ${anaPost.id}) AS posts,
                 (SELECT count(*)::int FROM post_media WHERE post_id = ${anaPost.id}) AS media,
                 (SELECT count(*)::int FROM chats WHERE id = ${anaBen.id}) AS chats,
                 (SELECT count(*)::int FROM messages WHERE chat_id = ${anaBen.id}) AS messages`,
    );
    expect(orphans).toEqual({ posts: 0, media: 0, chats: 0, messages: 0 });

    // Others' counters equal their rows, and the hot score follows the counters.
    const benCounts = await postCounters(benPost.id);
    expect(benCounts).toMatchObject({
      likes: 1,
      likes_rows: 1,
      comments: 1,
      comments_rows: 1,
      shares: 1,
      shares_rows: 1,
    });
    expect(benCounts.hot).toBeCloseTo(
      hotScoreOf(
        { likes: 1, comments: 1, shares: 1, views: benCounts.views },
        new Date(benCounts.created_at),
      ),
      9,
    );
    const caraCounts = await postCounters(caraPost.id);
    expect(caraCounts).toMatchObject({ likes: 0, likes_rows: 0 });
    expect(await memberCounters(ben.id)).toEqual({
      followers: 1,
      followers_rows: 1,
      following: 0,
      following_rows: 0,
    });
    expect(await memberCounters(cara.id)).toEqual({
      followers: 0,
      followers_rows: 0,
      following: 1,
      following_rows: 1,
    });
    const [others] = await queryRows<{ chat: number; named: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM messages WHERE chat_id = ${benCara.id}) AS chat,
                 (SELECT count(*)::int FROM notifications WHERE ${ana.id}::varchar = ANY(actor_ids)) AS named`,
    );
    expect(others).toEqual({ chat: 1, named: 0 });
    // Cara's like of ben's post is still told; ana is out of it.
    expect(await queryRows(t.database.db, likeNote)).toEqual([{ actorId: cara.id, actorIds: [cara.id] }]);

    // Files only ana referenced are gone; the photo ben uploaded too stays.
    const storage = t.app.ctx.storage;
    expect(await storage.get(anaFileKeys[0]!)).toBeNull();
    expect(await storage.get(anaFileKeys[2]!)).toBeNull();
    expect(await storage.get(keyOf(benSharedUrl!))).not.toBeNull();
    const benAfter = await inject('GET', `/api/posts/${benPost.id}`, ben);
    expect(benAfter.statusCode).toBe(200);

    // Sessions end at once: the token is refused, the socket is disconnected, ben hears the chat go.
    const refused = await inject('GET', '/api/users/me/liked-posts', ana);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: MSG.accessTokenRequired });
    expect(await anaDisconnected).toBe('io server disconnect');
    await benSocket.next('chat_deleted', (p: { chatId: string }) => p.chatId === anaBen.id);

    // The username and the email are free again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { email: ana.email, username: ana.username, password: 'secret123' },
    });
    expect(again.statusCode).toBe(201);
  });
});
