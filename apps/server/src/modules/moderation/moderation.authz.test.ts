import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { insertPostRow } from '../posts/posts.fixtures.js';
import { insertComment, insertOpenReport, seedCast, type Cast } from './moderation.fixtures.js';

/**
 * The authorization matrix (issue 14 "Done when"): every endpoint of the moderation and safety
 * work × visitor / member / moderator / admin. Each cell builds fresh targets, so one cell's
 * success cannot change another's answer; each cell checks the status and, for refusals, that
 * nothing changed hands (the error code).
 */

type Role = 'visitor' | 'member' | 'moderator' | 'admin';
const ROLES: Role[] = ['visitor', 'member', 'moderator', 'admin'];

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await seedCast(t);
});
afterAll(async () => {
  await t.close();
});

const headersOf = (role: Role) => (role === 'visitor' ? {} : cast[role].auth);

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}

/** Endpoint → how to make a fresh call, and the status each role gets. */
const MATRIX: [name: string, make: () => Promise<Call>, expected: Record<Role, number>][] = [
  [
    'POST /api/reports',
    async () => {
      const author = await seedUser(t);
      const postId = await insertPostRow(t, author);
      return {
        method: 'POST',
        url: '/api/reports',
        payload: { targetType: 'post', targetId: postId, reason: 'spam' },
      };
    },
    { visitor: 401, member: 201, moderator: 201, admin: 201 },
  ],
  [
    'GET /api/moderation/reports',
    async () => ({ method: 'GET', url: '/api/moderation/reports?status=open' }),
    { visitor: 401, member: 403, moderator: 200, admin: 200 },
  ],
  [
    'POST /api/moderation/reports/{id}/resolve',
    async () => {
      const { reportId } = await insertOpenReport(t);
      return {
        method: 'POST',
        url: `/api/moderation/reports/${reportId}/resolve`,
        payload: { action: 'remove' },
      };
    },
    { visitor: 401, member: 403, moderator: 200, admin: 200 },
  ],
  [
    'POST /api/moderation/users/{id}/suspend',
    async () => {
      const target = await seedUser(t);
      return {
        method: 'POST',
        url: `/api/moderation/users/${target.id}/suspend`,
        payload: { reason: 'Spam' },
      };
    },
    { visitor: 401, member: 403, moderator: 200, admin: 200 },
  ],
  [
    'POST /api/moderation/users/{id}/unsuspend',
    async () => {
      const target = await seedUser(t, { suspendedAt: new Date(), suspensionReason: 'Spam' });
      return { method: 'POST', url: `/api/moderation/users/${target.id}/unsuspend` };
    },
    { visitor: 401, member: 403, moderator: 200, admin: 200 },
  ],
  [
    'PUT /api/admin/users/{id}/roles',
    async () => {
      const target = await seedUser(t);
      return { method: 'PUT', url: `/api/admin/users/${target.id}/roles`, payload: { isModerator: true } };
    },
    { visitor: 401, member: 403, moderator: 403, admin: 200 },
  ],
  [
    'GET /api/admin/users?username=',
    async () => ({ method: 'GET', url: `/api/admin/users?username=${cast.member.username}` }),
    { visitor: 401, member: 403, moderator: 403, admin: 200 },
  ],
  [
    'GET /api/admin/audit',
    async () => ({ method: 'GET', url: '/api/admin/audit' }),
    { visitor: 401, member: 403, moderator: 403, admin: 200 },
  ],
  [
    'GET /api/admin/federation/domains',
    async () => ({ method: 'GET', url: '/api/admin/federation/domains' }),
    { visitor: 401, member: 403, moderator: 403, admin: 200 },
  ],
  [
    'PUT /api/admin/federation/domains/{domain}',
    async () => ({
      method: 'PUT',
      url: `/api/admin/federation/domains/d${newId()}.example`,
      payload: { level: 'silence' },
    }),
    { visitor: 401, member: 403, moderator: 403, admin: 200 },
  ],
  [
    'DELETE /api/admin/federation/domains/{domain}',
    async () => {
      const domain = `d${newId()}.example`;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/federation/domains/${domain}`,
        headers: cast.admin.auth,
        payload: { level: 'suspend' },
      });
      expect(res.statusCode).toBe(200);
      return { method: 'DELETE', url: `/api/admin/federation/domains/${domain}` };
    },
    { visitor: 401, member: 403, moderator: 403, admin: 200 },
  ],
  [
    "DELETE /api/posts/{postId}/comments/{commentId} (someone else's comment on someone else's post)",
    async () => {
      const [author, commenter] = [await seedUser(t), await seedUser(t)];
      const postId = await insertPostRow(t, author);
      const commentId = await insertComment(t, postId, commenter);
      return { method: 'DELETE', url: `/api/posts/${postId}/comments/${commentId}` };
    },
    { visitor: 401, member: 403, moderator: 200, admin: 200 },
  ],
  [
    'POST /api/users/{id}/block',
    async () => ({ method: 'POST', url: `/api/users/${(await seedUser(t)).id}/block` }),
    { visitor: 401, member: 200, moderator: 200, admin: 200 },
  ],
  [
    'DELETE /api/users/{id}/block',
    async () => ({ method: 'DELETE', url: `/api/users/${(await seedUser(t)).id}/block` }),
    { visitor: 401, member: 200, moderator: 200, admin: 200 },
  ],
  [
    'GET /api/users/me/blocked',
    async () => ({ method: 'GET', url: '/api/users/me/blocked' }),
    { visitor: 401, member: 200, moderator: 200, admin: 200 },
  ],
];

describe('authorization matrix: every new endpoint × visitor / member / moderator / admin', () => {
  const cells = MATRIX.flatMap(([name, make, expected]) =>
    ROLES.map((role) => [name, role, make, expected[role]] as const),
  );

  it.each(cells)('%s as %s', async (_name, role, make, status) => {
    const call = await make();
    const res = await t.app.inject({ ...call, headers: headersOf(role) });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 401) expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    if (status === 403) expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('covers every role for every endpoint', () => {
    expect(cells).toHaveLength(MATRIX.length * ROLES.length);
  });

  it('a member holding the named permission view_reports reads the queue but cannot resolve', async () => {
    const reader: SeededUser = await seedUser(t, { permissions: ['view_reports'] });
    const queue = await t.app.inject({ method: 'GET', url: '/api/moderation/reports', headers: reader.auth });
    expect(queue.statusCode).toBe(200);
    const { reportId } = await insertOpenReport(t);
    const resolve = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/reports/${reportId}/resolve`,
      headers: reader.auth,
      payload: { action: 'dismiss' },
    });
    expect(resolve.statusCode).toBe(403);
  });

  it('answers 404 for unknown ids to those allowed, before any change', async () => {
    const unknown = newId();
    const resolve = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/reports/${unknown}/resolve`,
      headers: cast.moderator.auth,
      payload: { action: 'dismiss' },
    });
    expect(resolve.statusCode).toBe(404);
    const roles = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${unknown}/roles`,
      headers: cast.admin.auth,
      payload: { isAdmin: true },
    });
    expect(roles.statusCode).toBe(404);
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/users/${unknown}/suspend`,
      headers: cast.moderator.auth,
      payload: { reason: 'x' },
    });
    expect(suspend.statusCode).toBe(404);
  });
});
