import {
  MOD_MSG,
  POST_MSG,
  USER_MSG,
  type QueuedReport,
  type ReportBody,
  type ReportQueue,
  type ReportResponse,
  type ReportsQuery,
  type ResolveReportBody,
  type ResolveReportResponse,
} from '@glimpse/shared';
import type { AppContext, EndedSessions, Tx } from '../../context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { sendFlag } from '../federation/federation.flag.service.js';
import { afterCommit, federatePostGone, postAudience } from '../federation/federation.outbox.service.js';
import { federateRemovedComment } from '../federation/federation.replies.service.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { fetchPage } from '../../lib/pagination.js';
import { can, type Viewer } from '../../lib/permissions.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { decodeTimeCursor, encodeTimeCursor } from '../posts/posts.cursor.js';
import { hydratePosts } from '../posts/posts.hydrate.js';
import { toComment } from '../posts/posts.mapper.js';
import { bumpAuthorPostsCount, bumpPostCounters, findPost } from '../posts/posts.repo.js';
import { isPostVisible } from '../posts/posts.visibility.js';
import { blockDirections } from '../users/blocks.repo.js';
import { toPublicUser } from '../users/users.mapper.js';
import { findUserById } from '../users/users.repo.js';
import { isSuspendedNow } from '../users/suspension.js';
import { toMemberRef, toModeratedUser, toReport } from './moderation.mapper.js';
import {
  findCommentState,
  findOpenReport,
  findPostState,
  findReportForUpdate,
  insertAuditEntry,
  insertReport,
  markCommentRemoved,
  markPostRemoved,
  resolveOpenReportsOf,
  resolveReportRow,
  selectCommentsByIds,
  selectMemberRefs,
  selectModeratedUsers,
  selectPostsByIds,
  selectPublicUsersByIds,
  selectReportsPage,
  type ReportRow,
} from './moderation.repo.js';
import { suspendInTx } from './suspension.service.js';

export function requirePermission(viewer: Viewer, permission: 'view_reports' | 'moderate_content'): void {
  if (!can(viewer, permission)) throw new AppError('FORBIDDEN');
}

/**
 * Who a report is about, checked as the reporter sees things: a post or comment they cannot see
 * (privacy, removal, a block) is 404 as everywhere else, and nobody reports themself.
 */
async function reportTargetUser(ctx: AppContext, viewer: Viewer, body: ReportBody): Promise<string> {
  const notFound = () => new AppError('NOT_FOUND', MOD_MSG.reportTargetNotFound);
  switch (body.targetType) {
    case 'post': {
      const post = await findPost(ctx.db, body.targetId, viewer);
      if (!post) throw notFound();
      return post.authorId;
    }
    case 'comment': {
      const comment = await findCommentState(ctx.db, body.targetId);
      if (!comment || comment.removedAt || !(await isPostVisible(ctx.db, comment.postId, viewer)))
        throw notFound();
      if ((await blockDirections(ctx.db, viewer.id, comment.userId)).blockedViewer) throw notFound();
      return comment.userId;
    }
    case 'user': {
      const user = await findUserById(ctx.db, body.targetId);
      if (!user || isSuspendedNow(user)) throw notFound();
      if ((await blockDirections(ctx.db, viewer.id, user.id)).blockedViewer) throw notFound();
      return user.id;
    }
  }
}

/** POST /api/reports: one open report per reporter and target (rate limited on the route: RATE_LIMITS.reports). */
export async function createReport(
  ctx: AppContext,
  viewer: Viewer,
  body: ReportBody,
): Promise<ReportResponse> {
  const targetUserId = await reportTargetUser(ctx, viewer, body);
  if (targetUserId === viewer.id) throw new AppError('VALIDATION', MOD_MSG.cannotReportSelf);
  if (await findOpenReport(ctx.db, viewer.id, body.targetType, body.targetId)) {
    throw new AppError('CONFLICT', MOD_MSG.alreadyReported);
  }
  try {
    const row = await insertReport(ctx.db, {
      id: newId(),
      reporterId: viewer.id,
      targetType: body.targetType,
      targetId: body.targetId,
      targetUserId,
      reason: body.reason,
      details: body.details ?? '',
    });
    // Also to the moderators of the server the post or account is from, when asked (a Flag).
    if (body.forward && body.targetType !== 'comment') {
      const report = { ...row, targetType: body.targetType, targetUserId };
      await afterCommit(ctx, () => sendFlag(ctx, report, body.details || body.reason));
    }
    return { message: MOD_MSG.reported, report: toReport(row) };
  } catch (err) {
    if (uniqueViolation(err) !== null) throw new AppError('CONFLICT', MOD_MSG.alreadyReported);
    throw err;
  }
}

/** GET /api/moderation/reports: the queue with each target inline (view_reports). */
export async function listReports(
  ctx: AppContext,
  viewer: Viewer,
  q: ReportsQuery,
  urls: PublicUrls,
): Promise<ReportQueue> {
  requirePermission(viewer, 'view_reports');
  const { items, pagination } = await fetchPage(q, {
    decode: decodeTimeCursor,
    read: (win) => selectReportsPage(ctx.db, q.status, win),
    cursorOf: (row) => encodeTimeCursor(row.cursorTime, row.report.id),
  });
  const rows = items.map((i) => i.report);
  return { reports: await withTargets(ctx, viewer, rows, urls), pagination };
}

async function withTargets(
  ctx: AppContext,
  viewer: Viewer,
  rows: ReportRow[],
  urls: PublicUrls,
): Promise<QueuedReport[]> {
  const idsOf = (type: string) => rows.filter((r) => r.targetType === type).map((r) => r.targetId);
  const [postRows, commentRows, userRows, refs, targetUsers] = await Promise.all([
    selectPostsByIds(ctx.db, idsOf('post')),
    selectCommentsByIds(ctx.db, idsOf('comment')),
    selectPublicUsersByIds(ctx.db, idsOf('user')),
    selectMemberRefs(
      ctx.db,
      rows.flatMap((r) => [r.reporterId, ...(r.resolvedBy ? [r.resolvedBy] : [])]),
    ),
    selectModeratedUsers(
      ctx.db,
      rows.flatMap((r) => (r.targetUserId ? [r.targetUserId] : [])),
    ),
  ]);
  const hydrated = await hydratePosts(ctx.db, postRows, viewer, urls);
  const postsById = new Map(hydrated.map((p) => [p.id, p]));
  const removedPosts = new Set(postRows.filter((p) => p.removedAt).map((p) => p.id));
  const commentsById = new Map(commentRows.map((c) => [c.id, c]));
  const usersById = new Map(userRows.map((u) => [u.id, u]));
  const refsById = new Map(refs.map((r) => [r.id, r]));
  const targetUsersById = new Map(targetUsers.map((u) => [u.id, u]));

  return rows.map((row) => {
    const comment = row.targetType === 'comment' ? commentsById.get(row.targetId) : undefined;
    const user = row.targetType === 'user' ? usersById.get(row.targetId) : undefined;
    const post = row.targetType === 'post' ? postsById.get(row.targetId) : undefined;
    const reporter = refsById.get(row.reporterId);
    const resolvedBy = row.resolvedBy ? refsById.get(row.resolvedBy) : undefined;
    const targetUser = row.targetUserId ? targetUsersById.get(row.targetUserId) : undefined;
    return {
      ...toReport(row),
      reporter: reporter ? toMemberRef(reporter) : null,
      resolvedBy: resolvedBy ? toMemberRef(resolvedBy) : null,
      targetUser: targetUser ? toModeratedUser(targetUser) : null,
      target: {
        post: post ?? null,
        comment: comment ? { ...toComment(comment, comment.user, urls), postId: comment.postId } : null,
        user: user ? toPublicUser(user, urls) : null,
        removed: removedPosts.has(row.targetId) || comment?.removedAt != null,
      },
    };
  });
}

/** Removes a post or comment (idempotent); the counters that showed it move in the same transaction. */
async function removeTarget(tx: Tx, report: ReportRow, actorId: string, at: Date): Promise<void> {
  if (report.targetType === 'post') {
    const post = await findPostState(tx, report.targetId);
    if (!post) throw new AppError('NOT_FOUND', POST_MSG.notFound);
    if (await markPostRemoved(tx, post.id, actorId, at)) await bumpAuthorPostsCount(tx, post.authorId, -1);
    return;
  }
  if (report.targetType === 'comment') {
    const comment = await findCommentState(tx, report.targetId);
    if (!comment) throw new AppError('NOT_FOUND', MOD_MSG.commentNotFound);
    if (await markCommentRemoved(tx, comment.id, actorId, at)) {
      await bumpPostCounters(tx, comment.postId, { comments: -1 });
    }
    return;
  }
  throw new AppError('VALIDATION', MOD_MSG.cannotRemoveUser);
}

/**
 * POST /api/moderation/reports/{id}/resolve (moderate_content). Dismiss closes this report;
 * remove hides the post or comment from everyone but its author; suspend suspends the member
 * the report is about. Remove and suspend close every open report of the same target. The
 * change, the reports and the audit entry commit together; sockets are told after.
 */
export async function resolveReport(
  ctx: AppContext,
  viewer: Viewer,
  reportId: string,
  body: ResolveReportBody,
): Promise<ResolveReportResponse> {
  requirePermission(viewer, 'moderate_content');
  const at = new Date();
  const note = body.note || null;
  const { report, ended } = await ctx.db.transaction(async (tx) => {
    const found = await findReportForUpdate(tx, reportId);
    if (!found) throw new AppError('NOT_FOUND', MOD_MSG.reportNotFound);
    if (found.status !== 'open') throw new AppError('CONFLICT', MOD_MSG.reportAlreadyResolved);
    const outcome = { action: body.action, note, by: viewer.id, at };
    const audit = { id: newId(at), actorId: viewer.id, reportId: found.id, note: note ?? '', createdAt: at };
    let suspended: EndedSessions | null = null;
    if (body.action === 'remove') {
      await removeTarget(tx, found, viewer.id, at);
      await insertAuditEntry(tx, {
        ...audit,
        action: found.targetType === 'post' ? 'remove_post' : 'remove_comment',
        targetType: found.targetType,
        targetId: found.targetId,
      });
    } else if (body.action === 'suspend') {
      if (!found.targetUserId) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
      suspended = await suspendInTx(tx, viewer, found.targetUserId, {
        reason: note ?? `Reported for ${found.reason}`,
        until: null,
        reportId: found.id,
        at,
      });
    } else {
      await insertAuditEntry(tx, {
        ...audit,
        action: 'dismiss_report',
        targetType: 'report',
        targetId: found.id,
      });
    }
    // The report is locked and open, so it is among the rows its target's update resolves.
    const resolved =
      body.action === 'dismiss'
        ? await resolveReportRow(tx, found.id, outcome)
        : (await resolveOpenReportsOf(tx, { type: found.targetType, id: found.targetId }, outcome)).find(
            (r) => r.id === found.id,
          )!;
    return { report: resolved, ended: suspended };
  });
  if (ended) await ctx.events.sessionsEnded(ended);
  // A removed post, or a suspended member's posts, leave every node's kept signed-out pages
  // before the answer goes out.
  if (body.action !== 'dismiss') await ctx.events.feedPagesStale();
  // A removed post that had left the server is deleted on the servers it went to.
  if (body.action === 'remove' && report.targetType === 'post' && report.targetUserId) {
    const postId = report.targetId;
    const authorId = report.targetUserId;
    await afterCommit(ctx, async () => {
      if (await postAudience(ctx, postId, { ignoreRemoval: true }))
        await federatePostGone(ctx, authorId, postId);
    });
  }
  // A removed comment that had gone out as a reply Note is deleted where it went.
  if (body.action === 'remove' && report.targetType === 'comment') {
    await afterCommit(ctx, () => federateRemovedComment(ctx, report.targetId));
  }
  return { message: MOD_MSG.reportResolved, report: toReport(report) };
}
