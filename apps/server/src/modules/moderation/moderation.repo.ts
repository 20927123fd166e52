import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReportAction, ReportStatus } from '@glimpse/shared';
import type { DbOrTx } from '../../db/client.js';
import { comments, moderationActions, posts, reports, users } from '../../db/schema/index.js';
import { insertedRow } from '../../lib/db-errors.js';
import type { PageWindow, TimeKey } from '../../lib/pagination.js';
import { descIndexed, exactTime, postPageColumns, type PostPageRow } from '../posts/posts.repo.js';
import { authorColumns, publicUserColumns, type AuthorRow, type PublicUserRow } from '../users/users.repo.js';

export type ReportRow = typeof reports.$inferSelect;
export type AuditRow = typeof moderationActions.$inferSelect;

export async function insertReport(db: DbOrTx, values: typeof reports.$inferInsert): Promise<ReportRow> {
  return insertedRow(await db.insert(reports).values(values).returning());
}

/**
 * A report that may already be here (an incoming Flag delivered again, or one the reporter already
 * has open for the target): the new row, or undefined when a unique index refused it.
 */
export async function insertReportOnce(
  db: DbOrTx,
  values: typeof reports.$inferInsert,
): Promise<ReportRow | undefined> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning();
  return row;
}

/** How many open reports one reporter has (an account elsewhere is bounded: FEDERATION_FLAG_MAX_OPEN). */
export async function countOpenReportsBy(db: DbOrTx, reporterId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.status, 'open')));
  return row?.n ?? 0;
}

/** The reporter's open report of this target, if any (reports_open_uq decides under a race). */
export async function findOpenReport(
  db: DbOrTx,
  reporterId: string,
  targetType: string,
  targetId: string,
): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetType, targetType),
        eq(reports.targetId, targetId),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  return row;
}

/** One report, locked for the resolving transaction. */
export async function findReportForUpdate(db: DbOrTx, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).for('update').limit(1);
  return row;
}

/** A page of the queue: oldest first when open (first come, first served), newest first when resolved. */
export function selectReportsPage(db: DbOrTx, status: ReportStatus, win: PageWindow<TimeKey>) {
  const where: SQL[] = [eq(reports.status, status)];
  const open = status === 'open';
  if (win.after) {
    const cmp = open ? sql`>` : sql`<`;
    where.push(
      sql`(${reports.createdAt}, ${reports.id}) ${cmp} (${win.after.t}::timestamptz, ${win.after.id})`,
    );
  }
  const order = open
    ? [sql`${reports.createdAt} asc`, sql`${reports.id} asc`]
    : [descIndexed(reports.createdAt), descIndexed(reports.id)];
  return db
    .select({ report: reports, cursorTime: exactTime(sql`${reports.createdAt}`) })
    .from(reports)
    .where(and(...where))
    .orderBy(...order)
    .limit(win.limit + 1)
    .offset(win.after ? 0 : win.offset);
}

/**
 * Resolves every open report of one target with the same outcome (a removed post answers all
 * its reports); answers the resolved rows.
 */
export async function resolveOpenReportsOf(
  db: DbOrTx,
  target: { type: string; id: string },
  outcome: { action: ReportAction; note: string | null; by: string; at: Date },
): Promise<ReportRow[]> {
  return db
    .update(reports)
    .set({
      status: 'resolved',
      resolution: outcome.action,
      resolutionNote: outcome.note,
      resolvedBy: outcome.by,
      resolvedAt: outcome.at,
    })
    .where(
      and(eq(reports.targetType, target.type), eq(reports.targetId, target.id), eq(reports.status, 'open')),
    )
    .returning();
}

export async function resolveReportRow(
  db: DbOrTx,
  id: string,
  outcome: { action: ReportAction; note: string | null; by: string; at: Date },
): Promise<ReportRow> {
  return insertedRow(
    await db
      .update(reports)
      .set({
        status: 'resolved',
        resolution: outcome.action,
        resolutionNote: outcome.note,
        resolvedBy: outcome.by,
        resolvedAt: outcome.at,
      })
      .where(eq(reports.id, id))
      .returning(),
  );
}

export async function insertAuditEntry(
  db: DbOrTx,
  values: typeof moderationActions.$inferInsert,
): Promise<void> {
  await db.insert(moderationActions).values(values);
}

/** The audit log, newest first. */
export function selectAuditPage(db: DbOrTx, win: PageWindow<TimeKey>) {
  const where: SQL[] = [];
  if (win.after) {
    where.push(
      sql`(${moderationActions.createdAt}, ${moderationActions.id}) < (${win.after.t}::timestamptz, ${win.after.id})`,
    );
  }
  return db
    .select({ entry: moderationActions, cursorTime: exactTime(sql`${moderationActions.createdAt}`) })
    .from(moderationActions)
    .where(and(...where))
    .orderBy(descIndexed(moderationActions.createdAt), descIndexed(moderationActions.id))
    .limit(win.limit + 1)
    .offset(win.after ? 0 : win.offset);
}

/** Usernames of the members a page names (reporters, moderators, targets). */
export async function selectMemberRefs(
  db: DbOrTx,
  ids: string[],
): Promise<{ id: string; username: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

/** Members with their roles and suspension, for the moderation screens. */
export async function selectModeratedUsers(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      isAdmin: users.isAdmin,
      isModerator: users.isModerator,
      permissions: users.permissions,
      suspendedAt: users.suspendedAt,
      suspendedUntil: users.suspendedUntil,
      suspensionReason: users.suspensionReason,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}
export type ModeratedUserRow = Awaited<ReturnType<typeof selectModeratedUsers>>[number];

/** A post's author and removal state, whatever its privacy (moderation sees past privacy). */
export async function findPostState(
  db: DbOrTx,
  postId: string,
): Promise<{ id: string; authorId: string; removedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ id: posts.id, authorId: posts.authorId, removedAt: posts.removedAt })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return row;
}

export async function findCommentState(
  db: DbOrTx,
  commentId: string,
): Promise<{ id: string; postId: string; userId: string; removedAt: Date | null } | undefined> {
  const [row] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      userId: comments.userId,
      removedAt: comments.removedAt,
    })
    .from(comments)
    .where(eq(comments.id, commentId))
    .limit(1);
  return row;
}

/** Marks a post removed; true when this call removed it (not already removed). */
export async function markPostRemoved(db: DbOrTx, postId: string, by: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ removedAt: at, removedBy: by })
    .where(and(eq(posts.id, postId), sql`${posts.removedAt} is null`))
    .returning({ id: posts.id });
  return rows.length > 0;
}

export async function markCommentRemoved(
  db: DbOrTx,
  commentId: string,
  by: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(comments)
    .set({ removedAt: at, removedBy: by })
    .where(and(eq(comments.id, commentId), sql`${comments.removedAt} is null`))
    .returning({ id: comments.id });
  return rows.length > 0;
}

export async function setSuspension(
  db: DbOrTx,
  userId: string,
  values: { suspendedAt: Date | null; suspendedUntil: Date | null; suspensionReason: string | null },
): Promise<boolean> {
  const rows = await db.update(users).set(values).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

export async function setRoles(
  db: DbOrTx,
  userId: string,
  values: { isAdmin?: boolean; isModerator?: boolean; permissions?: string[] },
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Reported posts whatever their privacy, removal or author's state: the queue shows them all. */
export async function selectPostsByIds(db: DbOrTx, ids: string[]): Promise<PostPageRow[]> {
  if (ids.length === 0) return [];
  return db.select(postPageColumns).from(posts).where(inArray(posts.id, ids));
}

export async function selectCommentsByIds(
  db: DbOrTx,
  ids: string[],
): Promise<
  {
    id: string;
    postId: string;
    content: string;
    createdAt: Date;
    editedAt: Date | null;
    removedAt: Date | null;
    user: AuthorRow;
  }[]
> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: comments.id,
      postId: comments.postId,
      content: comments.content,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      removedAt: comments.removedAt,
      user: authorColumns,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(inArray(comments.id, ids));
}

export async function selectPublicUsersByIds(db: DbOrTx, ids: string[]): Promise<PublicUserRow[]> {
  if (ids.length === 0) return [];
  return db.select(publicUserColumns).from(users).where(inArray(users.id, ids));
}
