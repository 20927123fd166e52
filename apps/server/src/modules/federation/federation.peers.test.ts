import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post, PublicUser } from '@glimpse/shared';
import { multipart, solidImage } from '../media/media.fixtures.js';
import { createPostViaApi } from '../posts/posts.fixtures.js';
import {
  followOn,
  followersCountOn,
  followingFeedOn,
  makeTestCertificates,
  searchOn,
  startFederationPeer,
  statusOn,
  trustTestCa,
  until,
  uploadOn,
  type FederationPeer,
} from '../../test/federation-peers.js';
import { seedUser } from '../../test/harness.js';

/** Two Glimpse instances federating over https (ports from the 5300-5399 range given to this suite). */
const PORT_A = Number(process.env.FEDERATION_TEST_PORT_A ?? 5301);
const PORT_B = Number(process.env.FEDERATION_TEST_PORT_B ?? 5302);

let a: FederationPeer;
let b: FederationPeer;

beforeAll(async () => {
  const certs = makeTestCertificates();
  trustTestCa(certs.ca);
  [a, b] = await Promise.all([startFederationPeer(PORT_A, certs), startFederationPeer(PORT_B, certs)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe('two Glimpse instances federate', () => {
  it('a member finds an account elsewhere by @user@host, follows it (pending until the Accept), then unfollows', async () => {
    const alice = await seedUser(a.t, { username: 'alice' });
    const bob = await seedUser(b.t, { username: 'bob', displayName: 'Bob B', bio: 'Hi <there>' });
    const avatarForm = multipart([
      { field: 'avatar', filename: 'bob.png', data: await solidImage(200, 200) },
    ]);
    const avatar = await b.t.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { ...bob.auth, ...avatarForm.headers },
      payload: avatarForm.payload,
    });
    expect(avatar.statusCode, avatar.body).toBe(200);

    const found = await searchOn(a, alice, `@bob@${b.host}`);
    const remoteBob = found[0]!;
    // Bob's avatar is fetched from B once, after the search answered, and re-encoded into A's
    // own store: A serves it.
    const avatarUrl = await until(
      "bob's avatar on A",
      async () => (await searchOn(a, alice, `@bob@${b.host}`))[0]?.profile.profilePicture?.url,
    );
    expect(avatarUrl.startsWith(`${a.origin}/media/`), avatarUrl).toBe(true);
    const served = await a.t.app.inject({ method: 'GET', url: new URL(avatarUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(remoteBob).toMatchObject({
      username: `bob@${b.host}`,
      profile: { displayName: 'Bob B', bio: 'Hi <there>' },
      isFollowedByUser: false,
    });
    // The same account again (and by its actor URL): one row, the same id.
    expect((await searchOn(a, alice, `bob@${b.host}`))[0]!.id).toBe(remoteBob.id);
    expect((await searchOn(a, alice, `${b.origin}/ap/users/${bob.id}`))[0]!.id).toBe(remoteBob.id);

    expect(await followOn(a, alice, remoteBob.id)).toMatchObject({ following: false, requested: true });
    // B's inbox gets the Follow, accepts it (bob is public) and A's inbox gets the Accept.
    await until('B to count alice as a follower', async () => (await followersCountOn(b, 'bob')) === 1);
    const accepted = await until('A to see the Accept', async () => {
      const s = await statusOn(a, alice, remoteBob.id);
      return s.following ? s : undefined;
    });
    expect(accepted).toEqual({ following: true, requested: false });
    // Its profile answers here by its handle, with the follow counted.
    const profile = await a.t.app.inject({
      method: 'GET',
      url: `/api/users/profile/${encodeURIComponent(`bob@${b.host}`)}`,
      headers: alice.auth,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json<PublicUser>()).toMatchObject({
      id: remoteBob.id,
      username: `bob@${b.host}`,
      stats: { followersCount: 1 },
    });

    // B shows alice (an account of A) among bob's followers, and bob got a notification.
    const followers = (await b.t.database.db.execute(
      sql`select u.username, u.domain from follows f join users u on u.id = f.follower_id where f.followee_id = ${bob.id}`,
    )) as unknown as { rows: { username: string; domain: string }[] };
    expect(followers.rows).toEqual([{ username: `alice@${a.host}`, domain: a.host }]);
    const notes = await b.t.app.inject({ method: 'GET', url: '/api/notifications', headers: bob.auth });
    expect(JSON.stringify(notes.json())).toContain('follow');

    // Unfollow: an Undo(Follow) takes alice off bob's followers on B.
    expect(await followOn(a, alice, remoteBob.id)).toMatchObject({ following: false, requested: false });
    await until('B to drop the follow', async () => (await followersCountOn(b, 'bob')) === 0);
  }, 90_000);

  it('following a private account elsewhere waits for its member to approve the request', async () => {
    const dan = await seedUser(a.t, { username: 'dan' });
    const carol = await seedUser(b.t, { username: 'carol', isPrivate: true });
    const [remoteCarol] = await searchOn(a, dan, `@carol@${b.host}`);
    expect(remoteCarol!.isPrivate).toBe(true);
    expect(await followOn(a, dan, remoteCarol!.id)).toMatchObject({ following: false, requested: true });

    const request = await until('B to list the follow request', async () => {
      const res = await b.t.app.inject({
        method: 'GET',
        url: '/api/users/me/follow-requests',
        headers: carol.auth,
      });
      const requests = res.json<{ requests: { user: PublicUser }[] }>().requests;
      return requests.find((r) => r.user.username === `dan@${a.host}`);
    });
    expect(await statusOn(a, dan, remoteCarol!.id)).toEqual({ following: false, requested: true });

    const accept = await b.t.app.inject({
      method: 'POST',
      url: `/api/users/me/follow-requests/${request.user.id}/accept`,
      headers: carol.auth,
    });
    expect(accept.statusCode, accept.body).toBe(200);
    await until('A to see the Accept', async () => (await statusOn(a, dan, remoteCarol!.id)).following);
  }, 90_000);

  it('a public post reaches followers elsewhere with its image re-encoded here; friends-only posts never leave; likes, reposts and comments go back; a delete follows it; a block ends the follow', async () => {
    const erin = await seedUser(a.t, { username: 'erin' });
    const finn = await seedUser(b.t, { username: 'finn' });
    const [remoteFinn] = await searchOn(a, erin, `@finn@${b.host}`);
    await followOn(a, erin, remoteFinn!.id);
    await until('the Accept', async () => (await statusOn(a, erin, remoteFinn!.id)).following);

    const image = await uploadOn(b, finn, 'A red square');
    const post = await createPostViaApi(b.t, finn, {
      title: 'Harbour at dusk',
      content: 'Boats #sea',
      privacy: 'public',
      media: { images: [{ url: image.url, altText: 'A red square', caption: '' }] },
    });
    await createPostViaApi(b.t, finn, {
      title: 'Friends only',
      content: 'not for elsewhere',
      privacy: 'friends',
    });
    await createPostViaApi(b.t, finn, {
      title: 'For followers',
      content: 'followers see this',
      privacy: 'followers',
    });

    const arrived = await until("the public and followers posts in erin's Following feed", async () => {
      const feed = await followingFeedOn(a, erin);
      return feed.length >= 2 ? feed : undefined;
    });
    const titles = arrived.map((p) => p.title).sort();
    expect(titles).toEqual(['For followers', 'Harbour at dusk']);
    const harbour = arrived.find((p) => p.title === 'Harbour at dusk')!;
    expect(harbour.author.username).toBe(`finn@${b.host}`);
    expect(harbour.content).toContain('Boats #sea');
    expect(harbour.tags).toContain('sea');
    expect(harbour.privacy).toBe('public');
    // The image was fetched once and stored by A's own pipeline: A's origin, A's variants.
    const img = harbour.media.images[0]!;
    expect(img.url.startsWith(`${a.origin}/media/`)).toBe(true);
    expect(img.altText).toBe('A red square');
    expect(img.width).toBe(640);
    expect(img.variants!.length).toBeGreaterThan(0);

    // A like on A reaches B (Like to finn's inbox), its undo too.
    const likesOnB = async () =>
      (await b.t.app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: finn.auth })).json<Post>()
        .likesCount;
    const like = await a.t.app.inject({
      method: 'POST',
      url: `/api/posts/${harbour.id}/like`,
      headers: erin.auth,
    });
    expect(like.statusCode, like.body).toBe(200);
    await until('the like to reach B', async () => (await likesOnB()) === 1);
    await a.t.app.inject({ method: 'POST', url: `/api/posts/${harbour.id}/like`, headers: erin.auth });
    await until('the unlike to reach B', async () => (await likesOnB()) === 0);

    // B gave the image a BlurHash (kept) when it built the Note.
    const [hashed] = (
      (await b.t.database.db.execute(
        sql`select blurhash from post_media where post_id = ${post.id}`,
      )) as unknown as { rows: { blurhash: string | null }[] }
    ).rows;
    expect(hashed!.blurhash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{28}$/);

    // A repost on A is an Announce: counted on B with a notification to finn.
    const sharesOnB = async () =>
      (await b.t.app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: finn.auth })).json<Post>()
        .sharesCount;
    const share = await a.t.app.inject({
      method: 'POST',
      url: `/api/posts/${harbour.id}/share`,
      headers: erin.auth,
      payload: { shareType: 'repost' },
    });
    expect(share.statusCode, share.body).toBe(200);
    await until('the repost to reach B', async () => (await sharesOnB()) === 1);

    // A comment on A is a reply Note: a comment by erin@A on B's post, with finn notified.
    const comment = await a.t.app.inject({
      method: 'POST',
      url: `/api/posts/${harbour.id}/comment`,
      headers: erin.auth,
      payload: { content: 'What a light!' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const commentsOnB = async () =>
      (
        await b.t.app.inject({ method: 'GET', url: `/api/posts/${post.id}/comments`, headers: finn.auth })
      ).json<{ comments: { id: string; content: string; user: PublicUser }[] }>().comments;
    const [remoteComment] = await until('the reply to reach B', async () => {
      const list = await commentsOnB();
      return list.length === 1 ? list : undefined;
    });
    expect(remoteComment).toMatchObject({ content: 'What a light!', user: { username: `erin@${a.host}` } });
    const finnsNotes = (
      await b.t.app.inject({ method: 'GET', url: '/api/notifications', headers: finn.auth })
    )
      .json<{ notifications: { type: string }[] }>()
      .notifications.map((n) => n.type);
    expect(finnsNotes).toEqual(expect.arrayContaining(['share', 'comment']));
    // Deleting it on A deletes it on B.
    const commentId = comment.json<{ comment: { id: string } }>().comment.id;
    const gone = await a.t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${harbour.id}/comments/${commentId}`,
      headers: erin.auth,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await until('the reply Delete to reach B', async () => (await commentsOnB()).length === 0);

    // Deleting on B deletes it on A.
    const del = await b.t.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}`, headers: finn.auth });
    expect(del.statusCode, del.body).toBe(200);
    await until('the delete to reach A', async () => {
      const feed = await followingFeedOn(a, erin);
      return feed.every((p) => p.title !== 'Harbour at dusk');
    });

    // finn blocks erin (an account of A on B): the Block reaches A, where erin's follow of finn ends.
    const [erinOnB] = (
      (await b.t.database.db.execute(
        sql`select id from users where username = ${`erin@${a.host}`}`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const block = await b.t.app.inject({
      method: 'POST',
      url: `/api/users/${erinOnB!.id}/block`,
      headers: finn.auth,
    });
    expect(block.statusCode, block.body).toBe(200);
    await until("the Block to end erin's follow on A", async () => {
      const status = await statusOn(a, erin, remoteFinn!.id);
      return !status.following && !status.requested;
    });
  }, 90_000);
  it("an admin's suspension of the other server: follows end, its deliveries are dropped, search refuses it; lifting restores search", async () => {
    const gina = await seedUser(a.t, { username: 'gina' });
    const henry = await seedUser(b.t, { username: 'henry' });
    const admin = await seedUser(a.t, { isAdmin: true });
    const [remoteHenry] = await searchOn(a, gina, `@henry@${b.host}`);
    await followOn(a, gina, remoteHenry!.id);
    await until('the Accept', async () => (await statusOn(a, gina, remoteHenry!.id)).following);

    const put = await a.t.app.inject({
      method: 'PUT',
      url: `/api/admin/federation/domains/${b.host}`,
      headers: admin.auth,
      payload: { level: 'suspend' },
    });
    expect(put.statusCode, put.body).toBe(200);
    // gina's, and those the other tests left with B's accounts.
    expect(put.json<{ droppedFollows: number }>().droppedFollows).toBeGreaterThanOrEqual(1);
    expect(await statusOn(a, gina, remoteHenry!.id)).toEqual({ following: false, requested: false });

    // B still counts gina as a follower and delivers henry's post; A takes it and drops it unread.
    // (A follow row put back by hand here: without the policy A would keep a followed account's post.)
    const followRow = (q: 'insert' | 'delete') =>
      a.t.database.db.execute(
        q === 'insert'
          ? sql`insert into follows (follower_id, followee_id) values (${gina.id}, ${remoteHenry!.id})`
          : sql`delete from follows where follower_id = ${gina.id} and followee_id = ${remoteHenry!.id}`,
      );
    await followRow('insert');
    await createPostViaApi(b.t, henry, {
      title: 'Not wanted',
      content: 'droppedbypolicy',
      privacy: 'public',
    });
    // Delivered (a failed delivery would stay queued for its retry): no message of it is left on B.
    const queued = async () =>
      (
        (await b.t.database.db.execute(
          sql`select count(*)::int as n from federation_queue where message::text like '%droppedbypolicy%'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    await until("B's delivery to A", async () => (await queued()) === 0);
    const kept = (await a.t.database.db.execute(
      sql`select 1 from posts where author_id = ${remoteHenry!.id}`,
    )) as unknown as { rows: unknown[] };
    expect(kept.rows).toHaveLength(0);
    await followRow('delete');
    expect(await searchOn(a, gina, `@henry@${b.host}`)).toEqual([]);

    const lift = await a.t.app.inject({
      method: 'DELETE',
      url: `/api/admin/federation/domains/${b.host}`,
      headers: admin.auth,
    });
    expect(lift.statusCode, lift.body).toBe(200);
    expect((await searchOn(a, gina, `@henry@${b.host}`))[0]!.id).toBe(remoteHenry!.id);
    expect(await statusOn(a, gina, remoteHenry!.id)).toEqual({ following: false, requested: false });
  }, 90_000);
});
