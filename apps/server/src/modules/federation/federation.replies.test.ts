import {
  Announce,
  Create,
  Delete,
  Follow,
  Note,
  type Person,
  PUBLIC_COLLECTION,
  Tombstone,
  Undo,
  Update,
  type Activity,
} from '@fedify/vocab';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { publicUrlsFor } from '../../lib/public-urls.js';
import {
  queryRows,
  remotePerson as newRemotePerson,
  remoteUserIdOf,
  sentOf,
  startMockFederation,
  type MockFederation,
} from '../../test/federation-mock.js';
import { seedUser, type TestApp } from '../../test/harness.js';
import { deleteComment } from '../moderation/comments.service.js';
import { createReport, resolveReport } from '../moderation/reports.service.js';
import { addComment, listComments, sharePost, unsharePost } from '../posts/posts.engagement.service.js';
import { updateComment } from '../posts/posts.edit.service.js';
import { insertPostRow } from '../posts/posts.fixtures.js';

/**
 * Reposts (Announce) and comments (reply Notes) across servers, through @fedify/testing's mock
 * federation on a real database: incoming activities are handed to our inbox listeners as a
 * verified inbox would; what we send is recorded.
 */

const ORIGIN = 'https://glimpse.test';
const ELSEWHERE = 'https://elsewhere.test';

let t: TestApp;
let data: AppContext;
let mock: MockFederation;

beforeAll(async () => {
  ({ t, data, mock } = await startMockFederation(ORIGIN));
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  mock.sentActivities.length = 0;
});

const urls = () => publicUrlsFor(t.config, ORIGIN);
const viewerOf = (id: string) =>
  ({ id, isAdmin: false, isModerator: false, permissions: [], role: 'user' }) as never;
const noteUri = (postId: string) => new URL(`/ap/posts/${postId}`, ORIGIN);

const remotePerson = () => newRemotePerson({ name: 'rita' });

const rows = <T>(query: SQL) => queryRows<T>(t, query);
const remoteUserId = (person: Person) => remoteUserIdOf(t, person);
const countsOf = async (postId: string) =>
  (
    await rows<{ shares: number; comments: number }>(
      sql`select shares_count as shares, comments_count as comments from posts where id = ${postId}`,
    )
  )[0]!;
const notificationsOf = (recipientId: string, type: string) =>
  rows<{ actor_id: string; comment_id: string | null }>(
    sql`select actor_id, comment_id from notifications where recipient_id = ${recipientId} and type = ${type}`,
  );
const sent = <T extends Activity>(type: new (...args: never[]) => T): T[] => sentOf(mock, type);

/** Makes the account known here (it follows the member), as any earlier contact would. */
async function known(person: Person, memberId: string): Promise<string> {
  await mock.receiveActivity(
    new Follow({
      id: new URL(`${person.id!.href}/f/1`),
      actor: person,
      object: new URL(`/ap/users/${memberId}`, ORIGIN),
    }),
  );
  return (await remoteUserId(person))!;
}

describe('Announce and Undo(Announce) of our posts', () => {
  const announceOf = (person: Person, postId: string) =>
    new Announce({
      id: new URL(`${person.id!.href}/announces/${postId}`),
      actor: person,
      object: noteUri(postId),
      tos: [PUBLIC_COLLECTION],
    });

  it('of a public post: one repost and one share notification however often it arrives; Undo takes both back', async () => {
    const member = await seedUser(t);
    const post = await insertPostRow(t, member, { privacy: 'public' });
    const person = remotePerson();
    await mock.receiveActivity(announceOf(person, post));
    await mock.receiveActivity(announceOf(person, post));
    const remoteId = (await remoteUserId(person))!;
    expect((await countsOf(post)).shares).toBe(1);
    expect(await rows(sql`select share_type from shares where post_id = ${post}`)).toEqual([
      { share_type: 'repost' },
    ]);
    expect(await notificationsOf(member.id, 'share')).toEqual([{ actor_id: remoteId, comment_id: null }]);

    // An Undo by someone else changes nothing; by the sender, the repost goes.
    const other = remotePerson();
    await known(other, member.id);
    await mock.receiveActivity(
      new Undo({ id: new URL(`${other.id!.href}/u/1`), actor: other.id, object: announceOf(person, post) }),
    );
    expect((await countsOf(post)).shares).toBe(1);
    const undo = new Undo({
      id: new URL(`${person.id!.href}/u/1`),
      actor: person.id,
      object: announceOf(person, post),
    });
    await mock.receiveActivity(undo);
    await mock.receiveActivity(undo);
    expect((await countsOf(post)).shares).toBe(0);
    expect(await notificationsOf(member.id, 'share')).toEqual([]);
  });

  it('of a friends-only post, or from an account the author blocked: dropped', async () => {
    const member = await seedUser(t);
    const friendsPost = await insertPostRow(t, member, { privacy: 'friends' });
    const publicPost = await insertPostRow(t, member, { privacy: 'public' });
    const person = remotePerson();
    await mock.receiveActivity(announceOf(person, friendsPost));
    expect((await countsOf(friendsPost)).shares).toBe(0);
    const remoteId = (await remoteUserId(person))!;
    await t.database.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${member.id}, ${remoteId})`,
    );
    await mock.receiveActivity(announceOf(person, publicPost));
    expect((await countsOf(publicPost)).shares).toBe(0);
    expect(await notificationsOf(member.id, 'share')).toEqual([]);
  });

  it("a member's repost of a public post sends an Announce of its Note; of a followers-only post nothing", async () => {
    const author = await seedUser(t);
    const sharer = await seedUser(t);
    const publicPost = await insertPostRow(t, author, { privacy: 'public' });
    const followersPost = await insertPostRow(t, author, { privacy: 'followers' });
    await sharePost(data, viewerOf(sharer.id), publicPost, { shareType: 'repost' }, urls());
    const [announce] = sent(Announce);
    expect(announce!.actorId?.href).toBe(`${ORIGIN}/ap/users/${sharer.id}`);
    expect(announce!.objectId?.href).toBe(noteUri(publicPost).href);
    expect(announce!.toIds.map(String)).toEqual([PUBLIC_COLLECTION.href]);
    mock.sentActivities.length = 0;
    await sharePost(data, viewerOf(author.id), followersPost, { shareType: 'repost' }, urls());
    await sharePost(data, viewerOf(sharer.id), publicPost, { shareType: 'link' }, urls());
    expect(sent(Announce)).toHaveLength(0);

    // Taking the repost back: the count drops (the link share stays) and an Undo of that Announce goes out.
    expect(await unsharePost(data, viewerOf(sharer.id), publicPost)).toEqual({ sharesCount: 1 });
    const [undo] = sent(Undo);
    expect(undo!.objectId?.href).toBe(announce!.id!.href);
    // Nothing left to take back: no error, nothing sent.
    mock.sentActivities.length = 0;
    expect(await unsharePost(data, viewerOf(sharer.id), publicPost)).toEqual({ sharesCount: 1 });
    expect(mock.sentActivities).toHaveLength(0);
  });

  it('DELETE /api/posts/{id}/share answers the count; a post the caller may not see is 404', async () => {
    const author = await seedUser(t);
    const sharer = await seedUser(t);
    const post = await insertPostRow(t, author, { privacy: 'public' });
    const hidden = await insertPostRow(t, author, { privacy: 'private' });
    const share = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post}/share`,
      headers: sharer.auth,
      payload: { shareType: 'repost' },
    });
    expect(share.json()).toMatchObject({ sharesCount: 1 });
    const undo = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${post}/share`,
      headers: sharer.auth,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({ sharesCount: 0 });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${hidden}/share`,
      headers: sharer.auth,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('replies (Create(Note) with inReplyTo)', () => {
  const replyOf = (person: Person, n: number, inReplyTo: URL, content = '<p>Lovely light!</p>') =>
    new Note({
      id: new URL(`${person.id!.href}/notes/r${n}`),
      attribution: person.id,
      replyTarget: inReplyTo,
      content,
      tos: [PUBLIC_COLLECTION],
    });
  const createOf = (person: Person, note: Note) =>
    new Create({ id: new URL(`${note.id!.href}/activity`), actor: person, object: note, tos: note.toIds });
  const commentsOf = (postId: string) =>
    rows<{ id: string; user_id: string; content: string }>(
      sql`select id, user_id, content from comments where post_id = ${postId} order by id`,
    );

  it('to a public post: a comment (listed like any other) with a notification, once per Note; edited and deleted by its author only', async () => {
    const member = await seedUser(t);
    const post = await insertPostRow(t, member, { privacy: 'public' });
    const person = remotePerson();
    const note = replyOf(person, 1, noteUri(post));
    await mock.receiveActivity(createOf(person, note));
    await mock.receiveActivity(createOf(person, note));
    const remoteId = (await remoteUserId(person))!;
    const kept = await commentsOf(post);
    expect(kept).toEqual([{ id: kept[0]!.id, user_id: remoteId, content: 'Lovely light!' }]);
    expect((await countsOf(post)).comments).toBe(1);
    expect(await notificationsOf(member.id, 'comment')).toEqual([
      { actor_id: remoteId, comment_id: kept[0]!.id },
    ]);
    // The existing comment list shows it, by its account of the other server.
    const list = await listComments(data, viewerOf(member.id), post, { page: 1, limit: 20 } as never, urls());
    expect(list.comments.map((c) => [c.content, c.user.username])).toEqual([
      ['Lovely light!', `${person.preferredUsername}@elsewhere.test`],
    ]);
    // No post was made of it.
    expect(await rows(sql`select 1 from posts where author_id = ${remoteId}`)).toHaveLength(0);

    // A reply to that comment's Note is a comment on the same post.
    await mock.receiveActivity(createOf(person, replyOf(person, 2, note.id!, '<p>And again</p>')));
    expect((await commentsOf(post)).map((c) => c.content)).toEqual(['Lovely light!', 'And again']);

    const other = remotePerson();
    await known(other, member.id);
    const edited = replyOf(person, 1, noteUri(post), '<p>Lovely evening light!</p>');
    await mock.receiveActivity(
      new Update({ id: new URL(`${other.id!.href}/u/9`), actor: other.id, object: edited }),
    );
    expect((await commentsOf(post))[0]!.content).toBe('Lovely light!');
    await mock.receiveActivity(
      new Update({ id: new URL(`${person.id!.href}/u/1`), actor: person.id, object: edited }),
    );
    expect((await commentsOf(post))[0]!.content).toBe('Lovely evening light!');

    const deleteBy = (who: Person, n: number) =>
      new Delete({
        id: new URL(`${who.id!.href}/d/${n}`),
        actor: who.id,
        object: new Tombstone({ id: note.id }),
      });
    await mock.receiveActivity(deleteBy(other, 1));
    expect(await commentsOf(post)).toHaveLength(2);
    await mock.receiveActivity(deleteBy(person, 1));
    expect((await commentsOf(post)).map((c) => c.content)).toEqual(['And again']);
    expect((await countsOf(post)).comments).toBe(1);
  });

  it('from an account the author blocked, or to a post it may not see, or to a Note not here: dropped', async () => {
    const member = await seedUser(t);
    const publicPost = await insertPostRow(t, member, { privacy: 'public' });
    const followersPost = await insertPostRow(t, member, { privacy: 'followers' });
    const person = remotePerson();
    await mock.receiveActivity(createOf(person, replyOf(person, 1, noteUri(followersPost))));
    expect(await commentsOf(followersPost)).toHaveLength(0);
    await mock.receiveActivity(createOf(person, replyOf(person, 2, new URL(`${ELSEWHERE}/notes/unknown`))));
    const remoteId = (await remoteUserId(person))!;
    expect(await rows(sql`select 1 from comments where user_id = ${remoteId}`)).toHaveLength(0);
    expect(await rows(sql`select 1 from posts where author_id = ${remoteId}`)).toHaveLength(0);
    await t.database.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${member.id}, ${remoteId})`,
    );
    await mock.receiveActivity(createOf(person, replyOf(person, 3, noteUri(publicPost))));
    expect(await commentsOf(publicPost)).toHaveLength(0);
    expect((await countsOf(publicPost)).comments).toBe(0);
  });

  it("a member's comment on a post of another server: a reply Note to its author; edit → Update, delete → Delete", async () => {
    const member = await seedUser(t);
    const person = remotePerson();
    const remoteId = await known(person, member.id);
    await t.database.db.execute(
      sql`insert into follows (follower_id, followee_id) values (${member.id}, ${remoteId})`,
    );
    const theirNote = new Note({
      id: new URL(`${person.id!.href}/notes/p1`),
      attribution: person.id,
      content: '<p>Harbour</p>',
      tos: [PUBLIC_COLLECTION],
    });
    await mock.receiveActivity(
      new Create({
        id: new URL(`${theirNote.id!.href}/a`),
        actor: person.id,
        object: theirNote,
        tos: theirNote.toIds,
      }),
    );
    const [post] = await rows<{ id: string }>(sql`select id from posts where author_id = ${remoteId}`);
    mock.sentActivities.length = 0;

    const { comment } = await addComment(
      data,
      viewerOf(member.id),
      post!.id,
      { content: 'Beautiful <3' },
      urls(),
    );
    const [create] = sent(Create);
    expect(create!.actorId?.href).toBe(`${ORIGIN}/ap/users/${member.id}`);
    const reply = (await create!.getObject()) as Note;
    expect(reply.id?.href).toBe(`${ORIGIN}/ap/comments/${comment.id}`);
    expect(reply.replyTargetId?.href).toBe(theirNote.id!.href);
    expect(reply.content?.toString()).toBe('<p>Beautiful &#60;3</p>');
    expect(reply.toIds.map(String)).toEqual([PUBLIC_COLLECTION.href]);
    expect(reply.ccIds.map(String)).toContain(person.id!.href);

    await updateComment(
      data,
      viewerOf(member.id),
      { postId: post!.id, commentId: comment.id },
      { content: 'Gorgeous' },
      urls(),
    );
    const [update] = sent(Update);
    expect(((await update!.getObject()) as Note).content?.toString()).toBe('<p>Gorgeous</p>');

    await deleteComment(data, viewerOf(member.id), post!.id, comment.id);
    const [del] = sent(Delete);
    expect(del!.objectId?.href).toBe(reply.id!.href);

    // A moderator's removal of a comment that went out: Delete of its reply Note too.
    const { comment: second } = await addComment(
      data,
      viewerOf(member.id),
      post!.id,
      { content: 'spam' },
      urls(),
    );
    const reporter = await seedUser(t);
    const { report } = await createReport(data, viewerOf(reporter.id), {
      targetType: 'comment',
      targetId: second.id,
      reason: 'spam',
    });
    mock.sentActivities.length = 0;
    const moderator = {
      id: reporter.id,
      isAdmin: true,
      isModerator: true,
      permissions: ['moderate_content'],
    };
    await resolveReport(data, moderator as never, report.id, { action: 'remove' });
    // (to the post's author, and to the member's followers: the post is public)
    expect(new Set(sent(Delete).map((d) => d.objectId?.href))).toEqual(
      new Set([`${ORIGIN}/ap/comments/${second.id}`]),
    );

    // A comment on a post of this server sends nothing.
    mock.sentActivities.length = 0;
    const local = await insertPostRow(t, member, { privacy: 'public' });
    await addComment(data, viewerOf(member.id), local, { content: 'mine' }, urls());
    expect(mock.sentActivities).toHaveLength(0);
  });
});
