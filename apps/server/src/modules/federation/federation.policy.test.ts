import { Block, Create, Flag, Follow, Like, type Person, type Activity } from '@fedify/vocab';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AuditLog,
  FederationDomainList,
  FederationDomainResponse,
  Post,
  ReportQueue,
  SearchResponse,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import {
  queryRows,
  remotePerson,
  remoteUserIdOf,
  sentOf,
  startMockFederation,
  type MockFederation,
} from '../../test/federation-mock.js';
import { seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { insertPostRow } from '../posts/posts.fixtures.js';
import { federateLike, federatePostChange } from './federation.outbox.service.js';
import { resolveRemoteAccount } from './federation.inbox.service.js';
import { dropSuspendedDeliveries } from './federation.policy.service.js';
import { createPgMessageQueue } from './federation.store.repo.js';

/**
 * Admins' domain policies (suspend, silence) through the HTTP API on a real database, with the
 * inbox and outbox checked through @fedify/testing's mock federation (activities handed to our
 * listeners; what we send is recorded, not delivered). Also incoming Flags, forwarded reports and
 * a suspended member's federation.
 */

const ORIGIN = 'https://glimpse.test';
const AP = 'application/activity+json';

let t: TestApp;
let data: AppContext;
let mock: MockFederation;
let admin: SeededUser;

beforeAll(async () => {
  ({ t, data, mock } = await startMockFederation(ORIGIN));
  admin = await seedUser(t, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  mock.sentActivities.length = 0;
});

const actorUri = (id: string) => new URL(`/ap/users/${id}`, ORIGIN);

/** A Person of `host`, embedded in what it sends (nothing is fetched). */
const personOf = (host: string) => remotePerson({ origin: `https://${host}`, name: 'p' });

const rows = <T>(query: SQL) => queryRows<T>(t, query);

const userIdOf = (person: Person) => remoteUserIdOf(t, person);

const counts = async (id: string) =>
  (
    await rows<{ followers: number; following: number }>(
      sql`select followers_count as followers, following_count as following from users where id = ${id}`,
    )
  )[0]!;

const followRows = async (id: string) =>
  (await rows(sql`select 1 from follows where follower_id = ${id} or followee_id = ${id}`)).length;

const sent = <T extends Activity>(type: new (...args: never[]) => T): T[] => sentOf(mock, type);

/** A remote account of `host` that follows `member` (through its Follow, as it would arrive). */
async function remoteFollower(host: string, member: SeededUser) {
  const person = personOf(host);
  await mock.receiveActivity(
    new Follow({ id: new URL(`${person.id!.href}/follows/1`), actor: person, object: actorUri(member.id) }),
  );
  const id = (await userIdOf(person))!;
  expect(id).toBeDefined();
  return { person, id };
}

/** Makes `follower` (here) follow the account `followeeId` with both counters, as an accepted follow does. */
async function followDirectly(followerId: string, followeeId: string) {
  await t.database.db.execute(
    sql`insert into follows (follower_id, followee_id) values (${followerId}, ${followeeId})`,
  );
  await t.database.db.execute(
    sql`update users set following_count = following_count + 1 where id = ${followerId}`,
  );
  await t.database.db.execute(
    sql`update users set followers_count = followers_count + 1 where id = ${followeeId}`,
  );
}

const putPolicy = (domain: string, body: unknown, who: Record<string, string> = admin.auth) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/federation/domains/${encodeURIComponent(domain)}`,
    headers: who,
    payload: body as Record<string, unknown>,
  });
const deletePolicy = (domain: string, who: Record<string, string> = admin.auth) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/admin/federation/domains/${encodeURIComponent(domain)}`,
    headers: who,
  });

describe('the admin calls', () => {
  it('normalise the domain, refuse bad ones with a clear 400, answer 404 for an unknown DELETE, and list', async () => {
    const put = await putPolicy('Spam.Example.', { level: 'silence' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<FederationDomainResponse>().domain).toMatchObject({
      domain: 'spam.example',
      level: 'silence',
    });
    const withPort = await putPolicy('spam.example:8443', { level: 'suspend' });
    expect(withPort.json<FederationDomainResponse>().domain.domain).toBe('spam.example:8443');

    for (const bad of [
      'https://spam.example/',
      'user@spam.example',
      'spam example',
      'a..b',
      'x:99999',
      '-a.b',
    ]) {
      const res = await putPolicy(bad, { level: 'suspend' });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message, bad).toMatch(/host name/);
    }
    const badLevel = await putPolicy('spam.example', { level: 'block' });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json<{ message: string }>().message).toBe('Level must be suspend or silence');
    const ours = await putPolicy('glimpse.test', { level: 'suspend' });
    expect(ours.statusCode).toBe(400);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/federation/domains',
      headers: admin.auth,
    });
    expect(list.statusCode).toBe(200);
    const domains = list.json<FederationDomainList>().domains.map((d) => [d.domain, d.level]);
    expect(domains).toEqual(
      expect.arrayContaining([
        ['spam.example', 'silence'],
        ['spam.example:8443', 'suspend'],
      ]),
    );

    expect((await deletePolicy('SPAM.example')).statusCode).toBe(200);
    expect((await deletePolicy('spam.example:8443')).statusCode).toBe(200);
    const unknown = await deletePolicy('spam.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('No policy for this domain');

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.auth });
    const entries = audit.json<AuditLog>().entries.filter((e) => e.targetType === 'domain');
    expect(entries.map((e) => [e.action, e.targetId])).toEqual([
      ['federation_domain_lift', 'spam.example:8443'],
      ['federation_domain_lift', 'spam.example'],
      ['federation_domain_set', 'spam.example:8443'],
      ['federation_domain_set', 'spam.example'],
    ]);
    expect(entries[3]!.actor?.id).toBe(admin.id);
    expect(entries[3]!.details).toMatchObject({ domain: 'spam.example', before: null, level: 'silence' });
  });

  it('are for admins only: 401 signed out, 403 for members and moderators', async () => {
    const member = await seedUser(t);
    const moderator = await seedUser(t, {
      isModerator: true,
      permissions: ['moderate_content', 'view_reports'],
    });
    for (const who of [member.auth, moderator.auth]) {
      expect((await putPolicy('x.example', { level: 'suspend' }, who)).statusCode).toBe(403);
      expect((await deletePolicy('x.example', who)).statusCode).toBe(403);
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/federation/domains', headers: who });
      expect(list.statusCode).toBe(403);
    }
    expect((await putPolicy('x.example', { level: 'suspend' }, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/federation/domains' })).statusCode).toBe(
      401,
    );
    expect(await rows(sql`select 1 from federation_domains where domain = 'x.example'`)).toHaveLength(0);
  });
});

describe('suspend', () => {
  it('drops follows both ways with their counters, flags the accounts (subdomains too); lifting keeps them dropped', async () => {
    const member = await seedUser(t);
    const other = await seedUser(t);
    const inbound = await remoteFollower('social.bad.test', member);
    const outbound = await remoteFollower('bad.test', other);
    await followDirectly(member.id, outbound.id);
    const bystander = await remoteFollower('good.test', member);
    expect(await counts(member.id)).toEqual({ followers: 2, following: 1 });

    const res = await putPolicy('bad.test', { level: 'suspend' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FederationDomainResponse>().droppedFollows).toBe(3);
    expect(await counts(member.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(other.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(outbound.id)).toEqual({ followers: 0, following: 0 });
    expect(await followRows(inbound.id)).toBe(0);
    expect(await followRows(bystander.id)).toBe(1);
    const flags = await rows<{ id: string; federation_suspended: boolean }>(
      sql`select id, federation_suspended from users where id in (${inbound.id}, ${outbound.id}, ${bystander.id})`,
    );
    expect(Object.fromEntries(flags.map((f) => [f.id, f.federation_suspended]))).toEqual({
      [inbound.id]: true,
      [outbound.id]: true,
      [bystander.id]: false,
    });

    // Hidden as a suspended member is: not found by search, cannot be followed.
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(inbound.person.preferredUsername!.toString())}&type=users`,
      headers: member.auth,
    });
    expect(search.json<SearchResponse>().results.users.map((u) => u.id)).not.toContain(inbound.id);
    const follow = await t.app.inject({
      method: 'POST',
      url: `/api/users/${outbound.id}/follow`,
      headers: member.auth,
    });
    expect(follow.statusCode).toBe(404);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/users/profile/${encodeURIComponent(`${inbound.person.preferredUsername}@social.bad.test`)}`,
      headers: member.auth,
    });
    expect(profile.statusCode).toBe(404);

    expect((await deletePolicy('bad.test')).statusCode).toBe(200);
    const lifted = await rows<{ s: boolean }>(
      sql`select federation_suspended as s from users where id = ${inbound.id}`,
    );
    expect(lifted[0]!.s).toBe(false);
    expect(await followRows(inbound.id)).toBe(0);
    expect(await counts(member.id)).toEqual({ followers: 1, following: 0 });
  });

  it('nothing comes in: activities from the server are dropped (a new account is not even stored)', async () => {
    await putPolicy('closed.test', { level: 'suspend' });
    const member = await seedUser(t);
    const person = personOf('closed.test');
    await mock.receiveActivity(
      new Follow({ id: new URL(`${person.id!.href}/follows/1`), actor: person, object: actorUri(member.id) }),
    );
    expect(await userIdOf(person)).toBeUndefined();
    expect(mock.sentActivities).toHaveLength(0);

    const postId = await insertPostRow(t, member, { privacy: 'public' });
    await mock.receiveActivity(
      new Like({
        id: new URL(`${person.id!.href}/likes/1`),
        actor: person,
        object: new URL(`/ap/posts/${postId}`, ORIGIN),
      }),
    );
    const likes = await rows<{ n: number }>(sql`select likes_count as n from posts where id = ${postId}`);
    expect(likes[0]!.n).toBe(0);
    await deletePolicy('closed.test');
  });

  it('an inbox POST from a suspended server is taken (202) and dropped before any signature check', async () => {
    const body = JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: 'https://shut.test/users/x/follows/1',
      type: 'Follow',
      actor: 'https://shut.test/users/x',
      object: `${ORIGIN}/ap/users/0123456789abcdef01234567`,
    });
    const post = () =>
      t.app.inject({ method: 'POST', url: '/ap/inbox', headers: { 'content-type': AP }, payload: body });
    // Unsigned: refused as usual while the server is not suspended.
    expect((await post()).statusCode).toBe(401);
    await putPolicy('shut.test', { level: 'suspend' });
    expect((await post()).statusCode).toBe(202);
    await deletePolicy('shut.test');
  });

  it('nothing goes out: no Like, no Block, no search resolution, no post delivery to it', async () => {
    const member = await seedUser(t);
    const { id: remoteId } = await remoteFollower('out.test', member);
    const theirPost = await insertPostRow(t, { id: remoteId }, { privacy: 'public' });
    await t.database.db.execute(
      sql`insert into remote_posts (post_id, uri) values (${theirPost}, ${`https://out.test/notes/${theirPost}`})`,
    );
    await federateLike(data, member.id, theirPost, true);
    expect(sent(Like)).toHaveLength(1);
    mock.sentActivities.length = 0;

    await putPolicy('out.test', { level: 'suspend' });
    await federateLike(data, member.id, theirPost, true);
    const { blockUser } = await import('../users/blocks.service.js');
    await blockUser(data, { id: member.id }, remoteId);
    expect(sent(Like)).toHaveLength(0);
    expect(sent(Block)).toHaveLength(0);
    expect(await resolveRemoteAccount(data, '@someone@out.test')).toBeNull();
    expect(await resolveRemoteAccount(data, 'https://out.test/users/someone')).toBeNull();
    await deletePolicy('out.test');
  });

  it('a delivery queued before the suspension is dropped when its turn comes; others still go', async () => {
    // The real PostgreSQL queue, as Fedify hands it messages: one delivery to a server suspended
    // after it was queued, then one to another server, then a message of another kind.
    const queue = dropSuspendedDeliveries(createPgMessageQueue(t.database.db), t.database.db);
    const outbox = (inbox: string) => ({ type: 'outbox', inbox, activityType: 'Create', marker: inbox });
    await queue.enqueue(outbox('https://late.test/inbox'));
    await putPolicy('late.test', { level: 'suspend' });
    await queue.enqueue(outbox('https://fine.test/inbox'));
    await queue.enqueue({ type: 'inbox', marker: 'incoming' });

    const handled: string[] = [];
    const stop = new AbortController();
    const listening = queue.listen(
      (message: { marker: string }) => {
        handled.push(message.marker);
      },
      { signal: stop.signal },
    );
    await expect.poll(() => handled.length).toBe(2);
    // Handled (the suspended one dropped, not kept for later; the listener takes several at once):
    // the table is empty.
    await expect
      .poll(
        async () => (await rows<{ n: number }>(sql`select count(*)::int as n from federation_queue`))[0]!.n,
      )
      .toBe(0);
    stop.abort();
    await listening;
    expect(handled.sort()).toEqual(['https://fine.test/inbox', 'incoming']);
    await deletePolicy('late.test');
  });
});

describe('silence', () => {
  it("the server's posts reach only members who follow its accounts (feeds, search); lifting restores them", async () => {
    const follower = await seedUser(t);
    const stranger = await seedUser(t);
    const { id: remoteId } = await remoteFollower('loud.test', follower);
    await followDirectly(follower.id, remoteId);
    const word = `quietword${Date.now() % 1_000_000}`;
    const postId = await insertPostRow(t, { id: remoteId }, { privacy: 'public', title: `Hello ${word}` });

    const feed = async (who?: SeededUser) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/posts', headers: who?.auth ?? {} });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ posts: Post[] }>().posts.map((p) => p.id);
    };
    const search = async (who?: SeededUser) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/search?q=${word}&type=posts`,
        headers: who?.auth ?? {},
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SearchResponse>().results.posts.map((p) => p.id);
    };
    const detail = async (who?: SeededUser) =>
      (await t.app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: who?.auth ?? {} }))
        .statusCode;

    expect(await feed()).toContain(postId);
    expect(await search(stranger)).toContain(postId);

    const res = await putPolicy('loud.test', { level: 'silence' });
    expect(res.json<FederationDomainResponse>().droppedFollows).toBe(0);
    expect(await feed()).not.toContain(postId);
    expect(await feed(stranger)).not.toContain(postId);
    expect(await search(stranger)).not.toContain(postId);
    expect(await search()).not.toContain(postId);
    expect(await detail(stranger)).toBe(404);
    expect(await feed(follower)).toContain(postId);
    expect(await search(follower)).toContain(postId);
    expect(await detail(follower)).toBe(200);
    // Follows stay.
    expect(await counts(follower.id)).toMatchObject({ following: 1 });

    // An account of the server first seen after the policy starts silenced.
    const later = personOf('sub.loud.test');
    await mock.receiveActivity(
      new Follow({ id: new URL(`${later.id!.href}/follows/1`), actor: later, object: actorUri(follower.id) }),
    );
    const laterRow = await rows<{ s: boolean }>(
      sql`select federation_silenced as s from users where id = ${(await userIdOf(later))!}`,
    );
    expect(laterRow[0]!.s).toBe(true);

    await deletePolicy('loud.test');
    expect(await feed(stranger)).toContain(postId);
    expect(await search()).toContain(postId);
  });
});

describe('Flag in', () => {
  it('naming our member and post: one report each in the queue, by the remote account, once per activity', async () => {
    const member = await seedUser(t);
    const postId = await insertPostRow(t, member, { privacy: 'public' });
    const person = personOf('mods.test');
    const flag = new Flag({
      id: new URL(`${person.id!.href}/flags/1`),
      actor: person,
      objects: [actorUri(member.id), new URL(`/ap/posts/${postId}`, ORIGIN), new URL('https://mods.test/x')],
      content: 'Spamming <b>everyone</b>',
    });
    await mock.receiveActivity(flag);
    await mock.receiveActivity(flag);
    const reporterId = (await userIdOf(person))!;
    const reports = await rows<Record<string, string>>(
      sql`select target_type, target_id, target_user_id, reason, details from reports where reporter_id = ${reporterId} order by target_type`,
    );
    expect(reports).toEqual([
      {
        target_type: 'post',
        target_id: postId,
        target_user_id: member.id,
        reason: 'other',
        details: 'Spamming everyone',
      },
      {
        target_type: 'user',
        target_id: member.id,
        target_user_id: member.id,
        reason: 'other',
        details: 'Spamming everyone',
      },
    ]);
    const moderator = await seedUser(t, {
      isModerator: true,
      permissions: ['moderate_content', 'view_reports'],
    });
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/moderation/reports',
      headers: moderator.auth,
    });
    const mine = queue.json<ReportQueue>().reports.filter((r) => r.reporter?.id === reporterId);
    expect(mine).toHaveLength(2);
    expect(mine[0]!.reporter?.username).toBe(`${person.preferredUsername}@mods.test`);
  });

  it('is bounded: at most a few objects per Flag and open reports per account', async () => {
    const person = personOf('flood.test');
    const members = await Promise.all(Array.from({ length: 8 }, () => seedUser(t)));
    await mock.receiveActivity(
      new Flag({
        id: new URL(`${person.id!.href}/flags/big`),
        actor: person,
        objects: members.map((m) => actorUri(m.id)),
        content: 'x'.repeat(5000),
      }),
    );
    const reporterId = (await userIdOf(person))!;
    const first = await rows<{ details: string }>(
      sql`select details from reports where reporter_id = ${reporterId}`,
    );
    expect(first).toHaveLength(5);
    expect(first[0]!.details).toHaveLength(1000);
    for (let i = 0; i < 5; i++) {
      await mock.receiveActivity(
        new Flag({
          id: new URL(`${person.id!.href}/flags/${i}`),
          actor: person.id,
          objects: [
            actorUri(members[i]!.id),
            ...(await Promise.all([1, 2, 3, 4].map(async () => actorUri((await seedUser(t)).id)))),
          ],
        }),
      );
    }
    const open = await rows(sql`select 1 from reports where reporter_id = ${reporterId} and status = 'open'`);
    expect(open).toHaveLength(20);
  });
});

describe('reports of posts and accounts of other servers', () => {
  it('a member reports a remote post; with forward: true a Flag goes to its server, without none', async () => {
    const member = await seedUser(t);
    const { id: remoteId, person } = await remoteFollower('far.test', member);
    await followDirectly(member.id, remoteId);
    const postId = await insertPostRow(t, { id: remoteId }, { privacy: 'public' });
    const noteUri = `https://far.test/notes/${postId}`;
    await t.database.db.execute(sql`insert into remote_posts (post_id, uri) values (${postId}, ${noteUri})`);
    mock.sentActivities.length = 0;

    const { createReport } = await import('../moderation/reports.service.js');
    const viewer = { id: member.id, isAdmin: false, isModerator: false, permissions: [] } as never;
    const quiet = await createReport(data, viewer, { targetType: 'post', targetId: postId, reason: 'spam' });
    expect(quiet.report.targetId).toBe(postId);
    expect(sent(Flag)).toHaveLength(0);

    const other = await seedUser(t);
    await followDirectly(other.id, remoteId);
    const viewer2 = { id: other.id, isAdmin: false, isModerator: false, permissions: [] } as never;
    await createReport(data, viewer2, {
      targetType: 'post',
      targetId: postId,
      reason: 'spam',
      details: 'Selling things',
      forward: true,
    });
    const [flag] = sent(Flag);
    expect(flag!.actorId?.href).toBe(actorUri(other.id).href);
    expect(flag!.objectIds.map((u) => u.href)).toEqual([person.id!.href, noteUri]);
    expect(flag!.content?.toString()).toBe('Selling things');

    // Through HTTP too: the body's forward is validated.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: (await seedUser(t)).auth,
      payload: { targetType: 'user', targetId: remoteId, reason: 'spam', forward: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Forward must be true or false');
  });
});

describe('a suspended member', () => {
  it('federates nothing: no actor, no followers collection, and a post of theirs is not delivered', async () => {
    const member = await seedUser(t);
    await remoteFollower('fans.test', member);
    const postId = await insertPostRow(t, member, { privacy: 'public' });
    await federatePostChange(data, postId, null);
    expect(sent(Create)).toHaveLength(1);
    mock.sentActivities.length = 0;

    const moderator = await seedUser(t, {
      isModerator: true,
      permissions: ['moderate_content', 'view_reports'],
    });
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/users/${member.id}/suspend`,
      headers: moderator.auth,
      payload: { reason: 'spam' },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);

    await federatePostChange(data, postId, null);
    expect(mock.sentActivities).toHaveLength(0);
    for (const url of [`/ap/users/${member.id}`, `/ap/users/${member.id}/followers`, `/ap/posts/${postId}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: AP } });
      expect(res.statusCode, url).toBe(404);
    }
    const finger = await t.app.inject({
      method: 'GET',
      url: `/.well-known/webfinger?resource=acct:${member.username}@glimpse.test`,
    });
    expect(finger.statusCode).toBe(404);
  });
});
