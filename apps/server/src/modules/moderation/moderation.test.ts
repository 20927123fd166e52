import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOD_MSG,
  RATE_LIMITS,
  type AuditLog,
  type PostDetail,
  type PostList,
  type QueuedReport,
  type ReportQueue,
  type SearchResponse,
  type SelfUser,
} from '@glimpse/shared';
import { moderationActions, posts, users } from '../../db/schema/index.js';
import {
  createTestApp,
  registerViaApi,
  seedUser,
  testAddress,
  type SeededUser,
  type TestApp,
} from '../../test/harness.js';
import { insertPostRow } from '../posts/posts.fixtures.js';
import { insertComment, seedCast, type Cast } from './moderation.fixtures.js';
import { setRoleByEmail } from './admin.service.js';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@gmail.com, Chief@Gmail.com' });
  cast = await seedCast(t);
});
afterAll(async () => {
  await t.close();
});

const inject = (
  who: SeededUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const report = (who: SeededUser, body: object) => inject(who, 'POST', '/api/reports', body);
const queue = async (status: 'open' | 'resolved' = 'open') =>
  (
    await inject(cast.moderator, 'GET', `/api/moderation/reports?status=${status}&limit=50`)
  ).json<ReportQueue>();
const resolve = (who: SeededUser, id: string, body: object) =>
  inject(who, 'POST', `/api/moderation/reports/${id}/resolve`, body);
const feedIds = async (who: SeededUser | null) =>
  (await inject(who, 'GET', '/api/posts?limit=50')).json<PostList>().posts.map((p) => p.id);

describe('reports', () => {
  it('files one open report per reporter and target, with the reason and details', async () => {
    const [author, reporter] = [await seedUser(t), await seedUser(t)];
    const postId = await insertPostRow(t, author, { title: 'Buy cheap watches' });
    const first = await report(reporter, {
      targetType: 'post',
      targetId: postId,
      reason: 'spam',
      details: ' ads ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: MOD_MSG.reported,
      report: {
        targetType: 'post',
        targetId: postId,
        reason: 'spam',
        details: 'ads',
        status: 'open',
        resolution: null,
      },
    });
    const again = await report(reporter, { targetType: 'post', targetId: postId, reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MOD_MSG.alreadyReported });
    // Another member may report the same post.
    expect(
      (await report(await seedUser(t), { targetType: 'post', targetId: postId, reason: 'spam' })).statusCode,
    ).toBe(201);
  });

  it('refuses bad input with the catalogue text, oneself, and what the reporter cannot see', async () => {
    const reporter = await seedUser(t);
    const bad = await report(reporter, { targetType: 'post', targetId: newIdLike(), reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MOD_MSG.reasonInvalid });
    const badType = await report(reporter, { targetType: 'chat', targetId: newIdLike(), reason: 'spam' });
    expect(badType.json()).toMatchObject({ message: MOD_MSG.targetTypeInvalid });
    const self = await report(reporter, { targetType: 'user', targetId: reporter.id, reason: 'spam' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: MOD_MSG.cannotReportSelf });
    const author = await seedUser(t);
    const privatePost = await insertPostRow(t, author, { privacy: 'private' });
    const hidden = await report(reporter, { targetType: 'post', targetId: privatePost, reason: 'spam' });
    expect(hidden.statusCode).toBe(404);
    const gone = await report(reporter, { targetType: 'comment', targetId: newIdLike(), reason: 'spam' });
    expect(gone.statusCode).toBe(404);
  });

  it(`is rate limited: the ${RATE_LIMITS.reports.max + 1}th report within the window is 429`, async () => {
    const reporter = await seedUser(t);
    const targets = await Promise.all(Array.from({ length: RATE_LIMITS.reports.max + 1 }, () => seedUser(t)));
    const statuses: number[] = [];
    for (const target of targets) {
      statuses.push(
        (await report(reporter, { targetType: 'user', targetId: target.id, reason: 'spam' })).statusCode,
      );
    }
    expect(statuses.slice(0, RATE_LIMITS.reports.max).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('lists the queue with each target inline: the post, the comment with its post id, the member', async () => {
    const [author, reporter] = [await seedUser(t), await seedUser(t)];
    const postId = await insertPostRow(t, author, { title: 'Queue post', privacy: 'followers' });
    const publicPost = await insertPostRow(t, author, { title: 'Public post' });
    const commentId = await insertComment(t, publicPost, author, 'Rude words');
    // The reporter follows the author, so the followers-only post is visible to them.
    await inject(reporter, 'POST', `/api/users/${author.id}/follow`);
    for (const [targetType, targetId] of [
      ['post', postId],
      ['comment', commentId],
      ['user', author.id],
    ] as const) {
      expect((await report(reporter, { targetType, targetId, reason: 'harassment' })).statusCode).toBe(201);
    }
    const open = await queue();
    const mine = open.reports.filter((r) => r.reporter?.id === reporter.id);
    expect(mine).toHaveLength(3);
    const byType = Object.fromEntries(mine.map((r) => [r.targetType, r])) as Record<string, QueuedReport>;
    expect(byType.post!.target.post).toMatchObject({ id: postId, title: 'Queue post' });
    expect(byType.comment!.target.comment).toMatchObject({
      id: commentId,
      postId: publicPost,
      content: 'Rude words',
    });
    expect(byType.user!.target.user).toMatchObject({ id: author.id, username: author.username });
    for (const r of mine) expect(r.targetUser).toMatchObject({ id: author.id, suspension: null });
    const bad = await inject(cast.moderator, 'GET', '/api/moderation/reports?status=closed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MOD_MSG.statusInvalid });
  });
});

describe('removal from the queue', () => {
  it('hides a removed post from everyone else (404, feeds, search, counts); its author sees it marked', async () => {
    const [author, reporter, third] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const postId = await insertPostRow(t, author, { title: 'Zanzibarsunset offensive' });
    await t.database.db.update(users).set({ postsCount: 1 }).where(eq(users.id, author.id));
    const filed = (
      await report(reporter, { targetType: 'post', targetId: postId, reason: 'violence' })
    ).json();
    const second = (await report(third, { targetType: 'post', targetId: postId, reason: 'other' })).json();
    expect(await feedIds(third)).toContain(postId);

    const res = await resolve(cast.moderator, filed.report.id, { action: 'remove', note: 'Graphic' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      report: { status: 'resolved', resolution: 'remove', resolutionNote: 'Graphic' },
    });

    for (const viewer of [third, reporter, null, cast.moderator]) {
      expect(await feedIds(viewer)).not.toContain(postId);
      expect((await inject(viewer, 'GET', `/api/posts/${postId}`)).statusCode).toBe(404);
    }
    const search = await inject(third, 'GET', '/api/search?q=Zanzibarsunset');
    expect(search.json<SearchResponse>().results.posts).toHaveLength(0);
    const byAuthor = await inject(null, 'GET', `/api/posts?author=${author.id}`);
    expect(byAuthor.json<PostList>().posts).toHaveLength(0);
    const profile = await inject(third, 'GET', `/api/users/profile/${author.username}`);
    expect(profile.json()).toMatchObject({ stats: { postsCount: 0 } });

    const own = await inject(author, 'GET', `/api/posts/${postId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json<PostDetail>()).toMatchObject({ id: postId, removedByModerator: true });

    // Every open report of the post closed with it; the row stays for the audit.
    const resolved = await queue('resolved');
    expect(resolved.reports.find((r) => r.id === second.report.id)).toMatchObject({
      resolution: 'remove',
      resolvedBy: { id: cast.moderator.id },
      target: { removed: true },
    });
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
    expect(row).toMatchObject({ removedBy: cast.moderator.id });
    const again = await resolve(cast.moderator, filed.report.id, { action: 'dismiss' });
    expect(again.statusCode).toBe(409);
  });

  it('removes a comment from the post, its list and its count; its author still sees it marked', async () => {
    const [author, commenter, reporter] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const postId = await insertPostRow(t, author);
    const commentId = await insertComment(t, postId, commenter, 'Nasty');
    const filed = (
      await report(reporter, { targetType: 'comment', targetId: commentId, reason: 'harassment' })
    ).json();
    expect((await resolve(cast.admin, filed.report.id, { action: 'remove' })).statusCode).toBe(200);
    const detail = (await inject(reporter, 'GET', `/api/posts/${postId}`)).json<PostDetail>();
    expect(detail.commentsCount).toBe(0);
    expect(detail.engagement.comments).toHaveLength(0);
    const list = await inject(reporter, 'GET', `/api/posts/${postId}/comments`);
    expect(list.json().comments).toHaveLength(0);
    const own = await inject(commenter, 'GET', `/api/posts/${postId}/comments`);
    expect(own.json().comments).toMatchObject([{ id: commentId, removedByModerator: true }]);
  });

  it('refuses to "remove" a member, and dismisses without touching the content', async () => {
    const [target, reporter] = [await seedUser(t), await seedUser(t)];
    const filed = (
      await report(reporter, { targetType: 'user', targetId: target.id, reason: 'spam' })
    ).json();
    const remove = await resolve(cast.moderator, filed.report.id, { action: 'remove' });
    expect(remove.statusCode).toBe(400);
    expect(remove.json()).toMatchObject({ message: MOD_MSG.cannotRemoveUser });
    const bad = await resolve(cast.moderator, filed.report.id, { action: 'ban' });
    expect(bad.json()).toMatchObject({ message: MOD_MSG.actionInvalid });
    const dismiss = await resolve(cast.moderator, filed.report.id, { action: 'dismiss', note: 'Not abuse' });
    expect(dismiss.json()).toMatchObject({ report: { resolution: 'dismiss', status: 'resolved' } });
    expect((await inject(null, 'GET', `/api/users/profile/${target.username}`)).statusCode).toBe(200);
  });
});

describe('suspension', () => {
  it('stops sign-in and every token at once, hides posts, comments and profile, and lifts cleanly', async () => {
    const registered = await registerViaApi(t.app, { email: 'suspendme@gmail.com' });
    const member = {
      id: registered.user.id,
      username: registered.user.username,
      auth: { authorization: `Bearer ${registered.token}` },
    } as SeededUser;
    const other = await seedUser(t);
    const postId = await insertPostRow(t, member, { title: 'Before the suspension' });
    const commentPost = await insertPostRow(t, other);
    await insertComment(t, commentPost, member, 'Mine');

    const res = await inject(cast.moderator, 'POST', `/api/moderation/users/${member.id}/suspend`, {
      reason: 'Repeated spam',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: member.id, suspension: { reason: 'Repeated spam', until: null } },
    });

    const me = await inject(member, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({ code: 'ACCOUNT_SUSPENDED', message: MOD_MSG.accountSuspended });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'suspendme@gmail.com', password: 'secret123' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ message: MOD_MSG.accountSuspended });
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'suspendme@gmail.com', password: 'wrong-one' },
    });
    expect(wrongPassword.statusCode).toBe(401);

    expect(await feedIds(other)).not.toContain(postId);
    expect((await inject(other, 'GET', `/api/posts/${postId}`)).statusCode).toBe(404);
    expect((await inject(other, 'GET', `/api/posts/${commentPost}/comments`)).json().comments).toHaveLength(
      0,
    );
    expect((await inject(other, 'GET', `/api/users/profile/${member.username}`)).statusCode).toBe(404);
    const people = await inject(other, 'GET', `/api/search?q=${member.username}&type=users`);
    expect(people.json<SearchResponse>().results.users.map((u) => u.id)).not.toContain(member.id);
    // Moderators still see the member's profile (to review and lift).
    expect((await inject(cast.moderator, 'GET', `/api/users/profile/${member.username}`)).statusCode).toBe(
      200,
    );

    const lift = await inject(cast.moderator, 'POST', `/api/moderation/users/${member.id}/unsuspend`);
    expect(lift.json()).toMatchObject({ message: MOD_MSG.unsuspended, user: { suspension: null } });
    // The suspension ended every session: the old token stays refused, signing in works again.
    expect((await inject(member, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'suspendme@gmail.com', password: 'secret123' },
    });
    expect(again.statusCode).toBe(200);
    expect(await feedIds(other)).toContain(postId);
  });

  it('ends by itself at `until`, and refuses a past date, oneself and admins', async () => {
    const member = await seedUser(t);
    const past = await inject(cast.moderator, 'POST', `/api/moderation/users/${member.id}/suspend`, {
      reason: 'x',
      until: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: MOD_MSG.suspendUntilInvalid });
    const noReason = await inject(cast.moderator, 'POST', `/api/moderation/users/${member.id}/suspend`, {
      reason: ' ',
    });
    expect(noReason.json()).toMatchObject({ message: MOD_MSG.suspensionReasonRequired });
    const self = await inject(cast.moderator, 'POST', `/api/moderation/users/${cast.moderator.id}/suspend`, {
      reason: 'x',
    });
    expect(self.statusCode).toBe(400);
    const admin = await inject(cast.moderator, 'POST', `/api/moderation/users/${cast.admin.id}/suspend`, {
      reason: 'x',
    });
    expect(admin.statusCode).toBe(403);

    const until = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const timed = await inject(cast.moderator, 'POST', `/api/moderation/users/${member.id}/suspend`, {
      reason: 'Cool off',
      until,
    });
    expect(timed.statusCode).toBe(200);
    const me = await inject(member, 'GET', '/api/auth/me');
    expect(me.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: MOD_MSG.accountSuspendedUntil(until),
    });
    // Move the end into the past: the member is back without anyone lifting it.
    await t.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, member.id));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('suspends the author of reported content from the queue', async () => {
    const [author, reporter] = [await seedUser(t), await seedUser(t)];
    const postId = await insertPostRow(t, author);
    const filed = (await report(reporter, { targetType: 'post', targetId: postId, reason: 'spam' })).json();
    const res = await resolve(cast.moderator, filed.report.id, { action: 'suspend', note: 'Spam account' });
    expect(res.statusCode).toBe(200);
    expect((await inject(author, 'GET', '/api/auth/me')).statusCode).toBe(403);
    expect(await feedIds(reporter)).not.toContain(postId);
  });
});

describe('roles', () => {
  it('ends the sessions of a member whose role or permission is taken away, not of one who gains', async () => {
    const member = await seedUser(t);
    const grant = await inject(cast.admin, 'PUT', `/api/admin/users/${member.id}/roles`, {
      isModerator: true,
    });
    expect(grant.statusCode).toBe(200);
    expect((await inject(member, 'GET', '/api/moderation/reports')).statusCode).toBe(200);

    const revoke = await inject(cast.admin, 'PUT', `/api/admin/users/${member.id}/roles`, {
      isModerator: false,
    });
    expect(revoke.statusCode).toBe(200);
    const stale = await inject(member, 'GET', '/api/auth/me');
    expect(stale.statusCode).toBe(401);
  });

  it('lets an admin set roles and permissions; a moderator cannot; an admin cannot drop their own admin role', async () => {
    const member = await seedUser(t);
    const res = await inject(cast.admin, 'PUT', `/api/admin/users/${member.id}/roles`, {
      isModerator: true,
      permissions: ['manage_users', 'manage_users'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MOD_MSG.rolesUpdated,
      user: { roles: { isAdmin: false, isModerator: true, permissions: ['manage_users'] } },
    });
    const me = (await inject(member, 'GET', '/api/auth/me')).json<SelfUser>();
    expect(me.moderation).toEqual({ isAdmin: false, isModerator: true, permissions: ['manage_users'] });
    // The new moderator can read the queue at once.
    expect((await inject(member, 'GET', '/api/moderation/reports')).statusCode).toBe(200);

    const empty = await inject(cast.admin, 'PUT', `/api/admin/users/${member.id}/roles`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: MOD_MSG.rolesBodyEmpty });
    const unknownPermission = await inject(cast.admin, 'PUT', `/api/admin/users/${member.id}/roles`, {
      permissions: ['fly'],
    });
    expect(unknownPermission.statusCode).toBe(400);
    const selfDemote = await inject(cast.admin, 'PUT', `/api/admin/users/${cast.admin.id}/roles`, {
      isAdmin: false,
    });
    expect(selfDemote.statusCode).toBe(400);
    expect(selfDemote.json()).toMatchObject({ message: MOD_MSG.cannotRemoveOwnAdmin });
    const byModerator = await inject(cast.moderator, 'PUT', `/api/admin/users/${member.id}/roles`, {
      isAdmin: true,
    });
    expect(byModerator.statusCode).toBe(403);
  });

  it('makes ADMIN_EMAILS admins when they register or sign in, whatever the case', async () => {
    const registered = await registerViaApi(t.app, { email: 'boss@gmail.com' });
    expect(registered.user.moderation.isAdmin).toBe(true);
    const plain = await seedUser(t, { email: 'chief@gmail.com' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'chief@gmail.com', password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ user: { id: plain.id, moderation: { isAdmin: true } } });
    const other = await registerViaApi(t.app);
    expect(other.user.moderation.isAdmin).toBe(false);
  });

  it('grants and revokes by email for `npm run admin`, audited without an actor', async () => {
    const member = await seedUser(t);
    expect(
      await setRoleByEmail(t.database.db, {
        email: member.email.toUpperCase(),
        role: 'moderator',
        grant: true,
      }),
    ).toBe(member.username);
    expect((await inject(member, 'GET', '/api/moderation/reports')).statusCode).toBe(200);
    await setRoleByEmail(t.database.db, { email: member.email, role: 'moderator', grant: false });
    // Taking the role away ends the member's sessions, as the HTTP roles call does...
    expect((await inject(member, 'GET', '/api/moderation/reports')).statusCode).toBe(401);
    // ...and after signing in again the role is gone.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: testAddress(),
      payload: { email: member.email, password: 'secret123' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const reportsWithNewToken = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/moderation/reports',
        headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
      });
    expect((await reportsWithNewToken()).statusCode).toBe(403);
    // A grant ends nothing: it holds from the next request.
    await setRoleByEmail(t.database.db, { email: member.email, role: 'moderator', grant: true });
    expect((await reportsWithNewToken()).statusCode).toBe(200);
    expect(
      await setRoleByEmail(t.database.db, { email: 'nobody@gmail.com', role: 'admin', grant: true }),
    ).toBeNull();
    const entries = await t.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, member.id));
    expect(entries.map((e) => [e.action, e.actorId])).toEqual(
      expect.arrayContaining([
        ['grant', null],
        ['revoke', null],
      ]),
    );
  });
});

describe('comment deletion', () => {
  it("lets the comment's author and the post's author delete; others get 403; the count follows", async () => {
    const [author, commenter, stranger] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const postId = await insertPostRow(t, author);
    const a = await insertComment(t, postId, commenter);
    const b = await insertComment(t, postId, commenter);
    const del = (who: SeededUser, id: string) => inject(who, 'DELETE', `/api/posts/${postId}/comments/${id}`);
    const refused = await del(stranger, a);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: MOD_MSG.notAllowedToDeleteComment });
    expect((await del(commenter, a)).json()).toEqual({ message: MOD_MSG.commentDeleted });
    expect((await del(author, b)).statusCode).toBe(200);
    expect((await del(author, b)).statusCode).toBe(404);
    const detail = (await inject(author, 'GET', `/api/posts/${postId}`)).json<PostDetail>();
    expect(detail.commentsCount).toBe(0);
    const wrongPost = await inject(
      author,
      'DELETE',
      `/api/posts/${await insertPostRow(t, author)}/comments/${a}`,
    );
    expect(wrongPost.statusCode).toBe(404);
  });
});

describe('audit log', () => {
  it('records who did what, to what, when and why, newest first, for admins', async () => {
    const [author, reporter] = [await seedUser(t), await seedUser(t)];
    const postId = await insertPostRow(t, author);
    const filed = (await report(reporter, { targetType: 'post', targetId: postId, reason: 'nudity' })).json();
    await resolve(cast.moderator, filed.report.id, { action: 'remove', note: 'Explicit' });
    const log = (await inject(cast.admin, 'GET', '/api/admin/audit?limit=5')).json<AuditLog>();
    expect(log.entries[0]).toMatchObject({
      actor: { id: cast.moderator.id, username: cast.moderator.username },
      action: 'remove_post',
      targetType: 'post',
      targetId: postId,
      reportId: filed.report.id,
      note: 'Explicit',
    });
    expect(log.pagination.hasNextPage).toBe(true);
    const next = await inject(
      cast.admin,
      'GET',
      `/api/admin/audit?limit=5&cursor=${log.pagination.nextCursor}`,
    );
    expect(next.json<AuditLog>().entries[0]!.createdAt <= log.entries[4]!.createdAt).toBe(true);
  });
});

function newIdLike(): string {
  return 'ab'.repeat(12);
}
