import {
  Accept,
  Block,
  Create,
  Delete,
  Follow,
  Like,
  Note,
  type Person,
  PUBLIC_COLLECTION,
  Reject,
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
import { answerFollowRequest } from '../users/follow-requests.service.js';
import { blockUser, unblockUser } from '../users/blocks.service.js';
import { toggleFollow } from '../users/follows.service.js';
import { updateProfile } from '../users/users.service.js';
import { insertPostRow } from '../posts/posts.fixtures.js';

/**
 * Every inbox handler, through @fedify/testing's mock federation (activities handed to our
 * listeners as a verified inbox would; what we send is recorded, not delivered) on a real
 * database: the rows, counters and answers are the real ones.
 */

const ORIGIN = 'https://glimpse.test';

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

const actorUri = (id: string) => new URL(`/ap/users/${id}`, ORIGIN);

/** A remote Person, embedded in what it sends (nothing is fetched). */
const remotePerson = (opts: { private?: boolean } = {}) =>
  newRemotePerson({ name: 'mallory', summary: '<p>Hello <b>there</b> &amp; more</p>', ...opts });

const followFrom = (person: Person, localId: string, n = 1) =>
  new Follow({ id: new URL(`${person.id!.href}/follows/${n}`), actor: person, object: actorUri(localId) });

const rows = <T>(query: SQL) => queryRows<T>(t, query);

const remoteUserId = (person: Person) => remoteUserIdOf(t, person);

const followersCount = async (id: string) =>
  (await rows<{ n: number }>(sql`select followers_count as n from users where id = ${id}`))[0]!.n;

const sent = <T extends Activity>(type: new (...args: never[]) => T): T[] => sentOf(mock, type);

describe('Follow', () => {
  it('of a public member: stores the account, makes the follow and sends an Accept of that Follow', async () => {
    const member = await seedUser(t);
    const person = remotePerson();
    await mock.receiveActivity(followFrom(person, member.id));

    const remoteId = await remoteUserId(person);
    expect(remoteId).toBeDefined();
    const [account] = await rows<Record<string, unknown>>(
      sql`select username, domain, display_name, bio, password_hash, email from users where id = ${remoteId}`,
    );
    expect(account).toMatchObject({
      username: `${person.preferredUsername}@elsewhere.test`,
      domain: 'elsewhere.test',
      display_name: person.name?.toString(),
      bio: 'Hello there & more',
      password_hash: '',
    });
    expect(String(account!.email)).toMatch(/@remote\.invalid$/);
    expect(await followersCount(member.id)).toBe(1);

    const [accept] = sent(Accept);
    expect(accept!.actorId?.href).toBe(actorUri(member.id).href);
    expect(accept!.objectId?.href).toBe(`${person.id!.href}/follows/1`);

    // The same Follow again changes nothing but is accepted again.
    await mock.receiveActivity(followFrom(person, member.id));
    expect(await followersCount(member.id)).toBe(1);
    expect(sent(Accept)).toHaveLength(2);
  });

  it('of a private member: a follow request and no Accept until the member approves', async () => {
    const member = await seedUser(t, { isPrivate: true });
    const person = remotePerson();
    await mock.receiveActivity(followFrom(person, member.id));
    const remoteId = (await remoteUserId(person))!;
    expect(sent(Accept)).toHaveLength(0);
    const requests = await rows(
      sql`select 1 from follow_requests where requester_id = ${remoteId} and target_id = ${member.id}`,
    );
    expect(requests).toHaveLength(1);

    const viewer = { id: member.id, role: 'user', permissions: [] } as never;
    await answerFollowRequest(data, viewer, remoteId, {
      accept: true,
      urls: publicUrlsFor(t.config, ORIGIN),
    });
    expect(await followersCount(member.id)).toBe(1);
    const [accept] = sent(Accept);
    expect(accept!.objectId?.href).toBe(`${person.id!.href}/follows/1`);
  });

  it('waiting when the member goes public: accepted with an Accept', async () => {
    const member = await seedUser(t, { isPrivate: true });
    const person = remotePerson();
    await mock.receiveActivity(followFrom(person, member.id));
    expect(sent(Accept)).toHaveLength(0);
    const viewer = { id: member.id, role: 'user', permissions: [] } as never;
    await updateProfile(data, viewer, { isPrivate: false }, publicUrlsFor(t.config, ORIGIN));
    expect(await followersCount(member.id)).toBe(1);
    const [accept] = sent(Accept);
    expect(accept!.objectId?.href).toBe(`${person.id!.href}/follows/1`);
  });

  it('declined: a Reject', async () => {
    const member = await seedUser(t, { isPrivate: true });
    const person = remotePerson();
    await mock.receiveActivity(followFrom(person, member.id));
    const remoteId = (await remoteUserId(person))!;
    const viewer = { id: member.id, role: 'user', permissions: [] } as never;
    await answerFollowRequest(data, viewer, remoteId, {
      accept: false,
      urls: publicUrlsFor(t.config, ORIGIN),
    });
    expect(sent(Reject)).toHaveLength(1);
    expect(await followersCount(member.id)).toBe(0);
  });

  it('across a block: refused with a Reject', async () => {
    const member = await seedUser(t);
    const person = remotePerson();
    await mock.receiveActivity(followFrom(person, member.id));
    const remoteId = (await remoteUserId(person))!;
    await mock.receiveActivity(
      new Undo({
        id: new URL(`${person.id!.href}/undo/1`),
        actor: person.id,
        object: followFrom(person, member.id),
      }),
    );
    await t.database.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${member.id}, ${remoteId})`,
    );
    mock.sentActivities.length = 0;
    await mock.receiveActivity(followFrom(person, member.id, 2));
    expect(sent(Reject)).toHaveLength(1);
    expect(sent(Accept)).toHaveLength(0);
    expect(await followersCount(member.id)).toBe(0);
  });

  it('of a suspended member, or of nobody: nothing happens', async () => {
    const member = await seedUser(t, { suspendedAt: new Date() });
    const person = remotePerson();
    await mock.receiveActivity(followFrom(person, member.id));
    await mock.receiveActivity(followFrom(person, '0123456789abcdef01234567'));
    expect(await remoteUserId(person)).toBeUndefined();
    expect(mock.sentActivities).toHaveLength(0);
  });
});

describe('Undo(Follow)', () => {
  it('ends the follow; an Undo by someone else than the follower does nothing', async () => {
    const member = await seedUser(t);
    const person = remotePerson();
    const other = remotePerson();
    await mock.receiveActivity(followFrom(person, member.id));
    expect(await followersCount(member.id)).toBe(1);
    await mock.receiveActivity(
      new Undo({
        id: new URL(`${other.id!.href}/undo/1`),
        actor: other.id,
        object: followFrom(person, member.id),
      }),
    );
    expect(await followersCount(member.id)).toBe(1);
    await mock.receiveActivity(
      new Undo({
        id: new URL(`${person.id!.href}/undo/1`),
        actor: person.id,
        object: followFrom(person, member.id),
      }),
    );
    expect(await followersCount(member.id)).toBe(0);
  });
});

describe("Accept and Reject of a member's Follow", () => {
  async function pendingFollow() {
    const member = await seedUser(t);
    const person = remotePerson();
    // The account becomes known (as a search would find it) by following the member first.
    await mock.receiveActivity(followFrom(person, member.id));
    const remoteId = (await remoteUserId(person))!;
    const viewer = { id: member.id, role: 'user', permissions: [] } as never;
    mock.sentActivities.length = 0;
    const answer = await toggleFollow(data, viewer, remoteId, publicUrlsFor(t.config, ORIGIN));
    expect(answer).toMatchObject({ following: false, requested: true });
    const [follow] = sent(Follow);
    expect(follow!.actorId?.href).toBe(actorUri(member.id).href);
    expect(follow!.objectId?.href).toBe(person.id!.href);
    return { member, person, remoteId, follow: follow! };
  }
  const isFollowing = async (a: string, b: string) =>
    (await rows(sql`select 1 from follows where follower_id = ${a} and followee_id = ${b}`)).length === 1;

  it("Accept (by the Follow's id) makes the follow", async () => {
    const { member, person, remoteId, follow } = await pendingFollow();
    await mock.receiveActivity(
      new Accept({ id: new URL(`${person.id!.href}/accepts/1`), actor: person.id, object: follow.id }),
    );
    expect(await isFollowing(member.id, remoteId)).toBe(true);
    expect(await followersCount(remoteId)).toBe(1);
  });

  it('an Accept from another account than the one followed does nothing', async () => {
    const { member, remoteId, follow } = await pendingFollow();
    const intruder = remotePerson();
    await mock.receiveActivity(followFrom(intruder, member.id));
    await mock.receiveActivity(
      new Accept({ id: new URL(`${intruder.id!.href}/a/1`), actor: intruder.id, object: follow.id }),
    );
    expect(await isFollowing(member.id, remoteId)).toBe(false);
  });

  it('Reject drops the request; toggling again after an Accept sends Undo', async () => {
    const first = await pendingFollow();
    await mock.receiveActivity(
      new Reject({
        id: new URL(`${first.person.id!.href}/r/1`),
        actor: first.person.id,
        object: first.follow,
      }),
    );
    expect(
      await rows(sql`select 1 from follow_requests where requester_id = ${first.member.id}`),
    ).toHaveLength(0);

    const second = await pendingFollow();
    await mock.receiveActivity(
      new Accept({
        id: new URL(`${second.person.id!.href}/a/2`),
        actor: second.person.id,
        object: second.follow,
      }),
    );
    const viewer = { id: second.member.id, role: 'user', permissions: [] } as never;
    mock.sentActivities.length = 0;
    expect(await toggleFollow(data, viewer, second.remoteId, publicUrlsFor(t.config, ORIGIN))).toMatchObject({
      following: false,
      requested: false,
    });
    const [undo] = sent(Undo);
    expect(undo!.objectId?.href).toBe(second.follow.id!.href);
  });
});

describe('Create(Note) and Delete', () => {
  const noteFrom = (person: Person, n: number, extra: Partial<ConstructorParameters<typeof Note>[0]> = {}) =>
    new Note({
      id: new URL(`${person.id!.href}/notes/${n}`),
      attribution: person.id,
      content: '<p>Morning light</p><p>over the bay</p>',
      tos: [PUBLIC_COLLECTION],
      ...extra,
    });
  const createOf = (person: Person, note: Note) =>
    new Create({ id: new URL(`${note.id!.href}/activity`), actor: person.id, object: note, tos: note.toIds });
  const postsOf = (authorId: string) =>
    rows<{ id: string; title: string; content: string; privacy: string }>(
      sql`select id, title, content, privacy from posts where author_id = ${authorId} order by id`,
    );

  it('from an account nobody here follows: not kept', async () => {
    const member = await seedUser(t);
    const person = remotePerson();
    await mock.receiveActivity(followFrom(person, member.id)); // it follows us; we do not follow it
    const remoteId = (await remoteUserId(person))!;
    await mock.receiveActivity(createOf(person, noteFrom(person, 1)));
    expect(await postsOf(remoteId)).toHaveLength(0);
  });

  it('from a followed account: a post (text only kept as text), once however often it arrives; its author deletes it', async () => {
    const member = await seedUser(t);
    const person = remotePerson();
    await mock.receiveActivity(followFrom(person, member.id));
    const remoteId = (await remoteUserId(person))!;
    await t.database.db.execute(
      sql`insert into follows (follower_id, followee_id) values (${member.id}, ${remoteId})`,
    );

    const note = noteFrom(person, 2);
    await mock.receiveActivity(createOf(person, note));
    await mock.receiveActivity(createOf(person, note));
    const kept = await postsOf(remoteId);
    expect(kept).toEqual([
      {
        id: kept[0]!.id,
        title: 'Morning light',
        content: 'Morning light\n\nover the bay',
        privacy: 'public',
      },
    ]);

    // Followers-only Notes arrive as followers-only posts.
    await mock.receiveActivity(
      createOf(person, noteFrom(person, 3, { tos: [new URL(`${person.id!.href}/followers`)] })),
    );
    expect((await postsOf(remoteId)).map((p) => p.privacy)).toEqual(['public', 'followers']);

    // A Note attributed to someone else than the sender is refused.
    const other = remotePerson();
    await mock.receiveActivity(createOf(person, noteFrom(other, 4)));
    expect(await postsOf(remoteId)).toHaveLength(2);

    // Update by its author changes the text; by someone else nothing.
    const edited = noteFrom(person, 2, { content: '<p>Evening light</p>' });
    await mock.receiveActivity(
      new Update({ id: new URL(`${other.id!.href}/u/1`), actor: other.id, object: edited }),
    );
    expect((await postsOf(remoteId))[0]!.title).toBe('Morning light');
    await mock.receiveActivity(
      new Update({ id: new URL(`${person.id!.href}/u/1`), actor: person.id, object: edited }),
    );
    expect((await postsOf(remoteId))[0]).toMatchObject({ title: 'Evening light', content: 'Evening light' });

    // Delete by someone else does nothing; by its author, the post goes.
    await mock.receiveActivity(
      new Delete({
        id: new URL(`${other.id!.href}/d/1`),
        actor: other.id,
        object: new Tombstone({ id: note.id }),
      }),
    );
    expect(await postsOf(remoteId)).toHaveLength(2);
    await mock.receiveActivity(
      new Delete({
        id: new URL(`${person.id!.href}/d/1`),
        actor: person.id,
        object: new Tombstone({ id: note.id }),
      }),
    );
    expect((await postsOf(remoteId)).map((p) => p.privacy)).toEqual(['followers']);
  });
});

describe('Like and Undo(Like)', () => {
  const likesOf = async (postId: string) =>
    (await rows<{ n: number }>(sql`select likes_count as n from posts where id = ${postId}`))[0]!.n;
  const noteUri = (postId: string) => new URL(`/ap/posts/${postId}`, ORIGIN);
  const likeFrom = (person: Person, postId: string) =>
    new Like({ id: new URL(`${person.id!.href}/likes/${postId}`), actor: person, object: noteUri(postId) });

  it('of a public post: counted and notified once; Undo takes it back; a friends-only post is not liked', async () => {
    const member = await seedUser(t);
    const publicPost = await insertPostRow(t, member, { privacy: 'public' });
    const friendsPost = await insertPostRow(t, member, { privacy: 'friends' });
    const person = remotePerson();

    await mock.receiveActivity(likeFrom(person, publicPost));
    await mock.receiveActivity(likeFrom(person, publicPost));
    expect(await likesOf(publicPost)).toBe(1);
    const remoteId = (await remoteUserId(person))!;
    const notes = await rows(
      sql`select 1 from notifications where recipient_id = ${member.id} and type = 'like' and post_id = ${publicPost}`,
    );
    expect(notes).toHaveLength(1);
    expect(remoteId).toBeDefined();

    await mock.receiveActivity(likeFrom(person, friendsPost));
    expect(await likesOf(friendsPost)).toBe(0);

    await mock.receiveActivity(
      new Undo({
        id: new URL(`${person.id!.href}/undo-like/1`),
        actor: person.id,
        object: likeFrom(person, publicPost),
      }),
    );
    expect(await likesOf(publicPost)).toBe(0);
  });
});

describe('Block', () => {
  const blocked = async (blocker: string, target: string) =>
    (await rows(sql`select 1 from blocks where blocker_id = ${blocker} and blocked_id = ${target}`))
      .length === 1;

  it('from elsewhere: the block row, and the follow between them ends; Undo(Block) lifts it', async () => {
    const member = await seedUser(t);
    const person = remotePerson();
    await mock.receiveActivity(followFrom(person, member.id));
    const remoteId = (await remoteUserId(person))!;
    expect(await followersCount(member.id)).toBe(1);
    const block = new Block({
      id: new URL(`${person.id!.href}/blocks/1`),
      actor: person.id,
      object: actorUri(member.id),
    });
    await mock.receiveActivity(block);
    expect(await blocked(remoteId, member.id)).toBe(true);
    expect(await followersCount(member.id)).toBe(0);
    await mock.receiveActivity(
      new Undo({ id: new URL(`${person.id!.href}/undo-block/1`), actor: person.id, object: block }),
    );
    expect(await blocked(remoteId, member.id)).toBe(false);
  });

  it("a member's block of an account elsewhere sends Block, unblocking Undo(Block)", async () => {
    const member = await seedUser(t);
    const person = remotePerson();
    await mock.receiveActivity(followFrom(person, member.id));
    const remoteId = (await remoteUserId(person))!;
    mock.sentActivities.length = 0;
    await blockUser(data, { id: member.id }, remoteId);
    const [sentBlock] = sent(Block);
    expect(sentBlock!.objectId?.href).toBe(person.id!.href);
    expect(await followersCount(member.id)).toBe(0);
    await unblockUser(data, { id: member.id }, remoteId);
    const [undo] = sent(Undo);
    expect(undo!.objectId?.href).toBe(sentBlock!.id!.href);
  });
});
