import {
  MOD_MSG,
  USER_MSG,
  type AuditLog,
  type AuditQuery,
  type ModeratedUserAnswer,
  type ModeratedUserResponse,
  type RolesBody,
} from '@glimpse/shared';
import type { AppContext, Db } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { fetchPage } from '../../lib/pagination.js';
import type { Viewer } from '../../lib/permissions.js';
import { endSessions } from '../auth/sessions.js';
import { decodeTimeCursor, encodeTimeCursor } from '../posts/posts.cursor.js';
import { findUserByEmail, findUserById, findUserByUsername } from '../users/users.repo.js';
import { toAuditEntry, toModeratedUser } from './moderation.mapper.js';
import {
  insertAuditEntry,
  selectAuditPage,
  selectMemberRefs,
  selectModeratedUsers,
  setRoles,
} from './moderation.repo.js';

/** Roles and the audit log belong to admins alone: a moderator cannot grant anything. */
function requireAdmin(viewer: Viewer): void {
  if (!viewer.isAdmin) throw new AppError('FORBIDDEN');
}

/**
 * PUT /api/admin/users/{id}/roles: only the fields sent change. Roles are read from the database
 * on every request, so a grant holds from the next request on. Taking a role or a permission away
 * also ends the member's sessions (every token and open socket, on every node): nothing that was
 * opened with the old powers outlives the change. An admin cannot take away their own admin role
 * (there would be no one left to give it back in a one-admin community).
 */
export async function updateRoles(
  ctx: AppContext,
  viewer: Viewer,
  userId: string,
  body: RolesBody,
): Promise<ModeratedUserResponse> {
  requireAdmin(viewer);
  if (userId === viewer.id && body.isAdmin === false) {
    throw new AppError('VALIDATION', MOD_MSG.cannotRemoveOwnAdmin);
  }
  const at = new Date();
  const demoted = await ctx.db.transaction(async (tx) => {
    const before = await findUserById(tx, userId);
    if (!before) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
    const change = {
      ...(body.isAdmin !== undefined ? { isAdmin: body.isAdmin } : {}),
      ...(body.isModerator !== undefined ? { isModerator: body.isModerator } : {}),
      ...(body.permissions !== undefined ? { permissions: [...new Set(body.permissions)] } : {}),
    };
    await setRoles(tx, userId, change);
    const kept = new Set(change.permissions ?? before.permissions);
    const demoted =
      (before.isAdmin && change.isAdmin === false) ||
      (before.isModerator && change.isModerator === false) ||
      before.permissions.some((p) => !kept.has(p));
    const ended = demoted ? await endSessions(tx, { userId }) : null;
    await insertAuditEntry(tx, {
      id: newId(at),
      actorId: viewer.id,
      action: 'set_roles',
      targetType: 'user',
      targetId: userId,
      note: '',
      details: {
        before: { isAdmin: before.isAdmin, isModerator: before.isModerator, permissions: before.permissions },
        change,
      },
      createdAt: at,
    });
    return ended;
  });
  if (demoted) await ctx.events.sessionsEnded(demoted);
  const [row] = await selectModeratedUsers(ctx.db, [userId]);
  return { message: MOD_MSG.rolesUpdated, user: toModeratedUser(row!) };
}

/** GET /api/admin/users?username=: one member's roles and suspension, for the roles screen (admins). */
export async function findModeratedUser(
  ctx: AppContext,
  viewer: Viewer,
  username: string,
): Promise<ModeratedUserAnswer> {
  requireAdmin(viewer);
  const user = await findUserByUsername(ctx.db, username);
  if (!user) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  const [row] = await selectModeratedUsers(ctx.db, [user.id]);
  return { user: toModeratedUser(row!) };
}

/** GET /api/admin/audit: every moderation and role action, newest first (admins). */
export async function listAudit(ctx: AppContext, viewer: Viewer, q: AuditQuery): Promise<AuditLog> {
  requireAdmin(viewer);
  const { items, pagination } = await fetchPage(q, {
    decode: decodeTimeCursor,
    read: (win) => selectAuditPage(ctx.db, win),
    cursorOf: (row) => encodeTimeCursor(row.cursorTime, row.entry.id),
  });
  const actors = await selectMemberRefs(
    ctx.db,
    items.flatMap((i) => (i.entry.actorId ? [i.entry.actorId] : [])),
  );
  const byId = new Map(actors.map((a) => [a.id, a]));
  return {
    entries: items.map((i) => toAuditEntry(i.entry, i.entry.actorId ? byId.get(i.entry.actorId) : undefined)),
    pagination,
  };
}

export type CliRole = 'admin' | 'moderator';

/**
 * `npm run admin -- grant|revoke <email> admin|moderator`: for the operator at the machine, so no
 * member acts (the audit entry has no actor and says "cli"). Answers the member's username, or
 * null when no member has that email.
 */
export async function setRoleByEmail(
  db: Db,
  opts: { email: string; role: CliRole; grant: boolean },
): Promise<string | null> {
  const at = new Date();
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, opts.email);
    if (!user) return null;
    // As with PUT /api/admin/users/{id}/roles: a role taken away ends every session at once (the
    // member's tokens are refused from their next request), a grant holds from the next request.
    const had = opts.role === 'admin' ? user.isAdmin : user.isModerator;
    if (!opts.grant && had) await endSessions(tx, { userId: user.id });
    await setRoles(
      tx,
      user.id,
      opts.role === 'admin' ? { isAdmin: opts.grant } : { isModerator: opts.grant },
    );
    await insertAuditEntry(tx, {
      id: newId(at),
      actorId: null,
      action: opts.grant ? 'grant' : 'revoke',
      targetType: 'user',
      targetId: user.id,
      note: '',
      details: { role: opts.role, via: 'cli' },
      createdAt: at,
    });
    return user.username;
  });
}
