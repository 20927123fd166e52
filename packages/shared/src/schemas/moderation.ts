import { z } from 'zod';
import {
  MODERATION_NOTE_MAX_LENGTH,
  MODERATION_PAGE_SIZE,
  PERMISSIONS,
  REPORT_ACTIONS,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from '../constants.js';
import { MOD_MSG, POST_MSG, USER_MSG } from '../messages.js';
import { ZIsoDate, ZMemberRef, ZPagination, makeIdParam, makePageQuery } from './common.js';
import { ZComment, ZPost } from './posts.js';
import { ZPublicUser } from './users.js';

// ---- requests

/** POST /api/reports */
export const ZReportBody = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { message: MOD_MSG.targetTypeInvalid }),
  targetId: makeIdParam(MOD_MSG.reportTargetNotFound),
  reason: z.enum(REPORT_REASONS, { message: MOD_MSG.reasonInvalid }),
  details: z.string().trim().max(REPORT_DETAILS_MAX_LENGTH, MOD_MSG.detailsTooLong).optional(),
});
export type ReportBody = z.infer<typeof ZReportBody>;

/** GET /api/moderation/reports */
export const ZReportsQuery = makePageQuery(MODERATION_PAGE_SIZE).extend({
  status: z.enum(REPORT_STATUSES, { message: MOD_MSG.statusInvalid }).default('open'),
});
export type ReportsQuery = z.infer<typeof ZReportsQuery>;

/** GET /api/admin/audit */
export const ZAuditQuery = makePageQuery(MODERATION_PAGE_SIZE);
export type AuditQuery = z.infer<typeof ZAuditQuery>;

/** GET /api/admin/users?username= */
export const ZAdminUserQuery = z.object({
  username: z.string().trim().min(1, USER_MSG.userNotFound).max(100),
});
export type AdminUserQuery = z.infer<typeof ZAdminUserQuery>;

export const ZReportIdParams = z.object({ id: makeIdParam(MOD_MSG.invalidReportId) });

/** POST /api/moderation/reports/{id}/resolve */
export const ZResolveReportBody = z.object({
  action: z.enum(REPORT_ACTIONS, { message: MOD_MSG.actionInvalid }),
  note: z.string().trim().max(MODERATION_NOTE_MAX_LENGTH, MOD_MSG.noteTooLong).optional(),
});
export type ResolveReportBody = z.infer<typeof ZResolveReportBody>;

/** POST /api/moderation/users/{id}/suspend; `until` absent means until lifted. */
export const ZSuspendBody = z.object({
  reason: z
    .string({ message: MOD_MSG.suspensionReasonRequired })
    .trim()
    .min(1, MOD_MSG.suspensionReasonRequired)
    .max(MODERATION_NOTE_MAX_LENGTH, MOD_MSG.suspensionReasonTooLong),
  until: z.iso.datetime({ offset: true, message: MOD_MSG.suspendUntilInvalid }).optional(),
});
export type SuspendBody = z.infer<typeof ZSuspendBody>;

/** PUT /api/admin/users/{id}/roles: only the fields sent change. */
export const ZRolesBody = z
  .object({
    isAdmin: z.boolean().optional(),
    isModerator: z.boolean().optional(),
    permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).optional(),
  })
  .refine(
    (b) => b.isAdmin !== undefined || b.isModerator !== undefined || b.permissions !== undefined,
    MOD_MSG.rolesBodyEmpty,
  );
export type RolesBody = z.infer<typeof ZRolesBody>;

export const ZCommentIdParams = z.object({
  postId: makeIdParam(POST_MSG.invalidPostId),
  commentId: makeIdParam(MOD_MSG.invalidCommentId),
});

// ---- answers

export const ZRoles = z.object({
  isAdmin: z.boolean(),
  isModerator: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type Roles = z.infer<typeof ZRoles>;

/** A member as the moderation screens see them: roles and suspension included. */
export const ZModeratedUser = ZMemberRef.extend({
  displayName: z.string(),
  roles: ZRoles,
  suspension: z.object({ since: ZIsoDate, until: ZIsoDate.nullable(), reason: z.string() }).nullable(),
});
export type ModeratedUser = z.infer<typeof ZModeratedUser>;

export const ZReport = z.object({
  id: z.string(),
  _id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  resolution: z.enum(REPORT_ACTIONS).nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
});
export type Report = z.infer<typeof ZReport>;

export const ZReportResponse = z.object({ message: z.string(), report: ZReport });
export type ReportResponse = z.infer<typeof ZReportResponse>;

/**
 * A report in the queue with what it points at, inline: the post, the comment (with its post id)
 * or the member; null when the target is gone. `targetUser` is whom a "suspend" would hit.
 */
export const ZQueuedReport = ZReport.extend({
  reporter: ZMemberRef.nullable(),
  resolvedBy: ZMemberRef.nullable(),
  targetUser: ZModeratedUser.nullable(),
  target: z.object({
    post: ZPost.nullable(),
    comment: ZComment.extend({ postId: z.string() }).nullable(),
    user: ZPublicUser.nullable(),
    removed: z.boolean(),
  }),
});
export type QueuedReport = z.infer<typeof ZQueuedReport>;

export const ZReportQueue = z.object({ reports: z.array(ZQueuedReport), pagination: ZPagination });
export type ReportQueue = z.infer<typeof ZReportQueue>;

export const ZResolveReportResponse = z.object({ message: z.string(), report: ZReport });
export type ResolveReportResponse = z.infer<typeof ZResolveReportResponse>;

export const ZModeratedUserAnswer = z.object({ user: ZModeratedUser });
export type ModeratedUserAnswer = z.infer<typeof ZModeratedUserAnswer>;

export const ZModeratedUserResponse = z.object({ message: z.string(), user: ZModeratedUser });
export type ModeratedUserResponse = z.infer<typeof ZModeratedUserResponse>;

export const ZAuditEntry = z.object({
  id: z.string(),
  actor: ZMemberRef.nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reportId: z.string().nullable(),
  note: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: ZIsoDate,
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditLog = z.object({ entries: z.array(ZAuditEntry), pagination: ZPagination });
export type AuditLog = z.infer<typeof ZAuditLog>;

export const ZBlockResult = z.object({ message: z.string(), blocked: z.boolean() });
export type BlockResult = z.infer<typeof ZBlockResult>;

export const ZBlockedUsers = z.object({
  users: z.array(ZPublicUser.extend({ blockedAt: ZIsoDate })),
});
export type BlockedUsers = z.infer<typeof ZBlockedUsers>;
