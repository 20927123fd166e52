import { z } from 'zod';
import {
  FEDERATION_DOMAIN_LEVELS,
  FEDERATION_DOMAIN_MAX_LENGTH,
  MODERATION_NOTE_MAX_LENGTH,
  MODERATION_PAGE_SIZE,
  PERMISSIONS,
  REPORT_ACTIONS,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from '../constants.js';
import { FEDERATION_MSG, MOD_MSG, POST_MSG, USER_MSG } from '../messages.js';
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
  /** Also send the report (as an ActivityPub `Flag`) to the server a reported post or account is from. */
  forward: z.boolean({ message: MOD_MSG.forwardInvalid }).optional(),
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

const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN_SHAPE = new RegExp(`^(?=[^:]{1,253}(?::|$))${HOST_LABEL}(?:\\.${HOST_LABEL})*(?::(\\d{1,5}))?$`);

/**
 * A server's domain as policies name it: lower case, no trailing dot, international names in
 * their ASCII (punycode) form, an optional port (1-65535; https's 443 is dropped). Null when the
 * text is not a host name (a URL, a path, `user@host`, spaces...).
 */
export function normalizeFederationDomain(text: string): string | null {
  const raw = text
    .trim()
    .toLowerCase()
    .replace(/\.(?=:|$)/, '');
  if (raw === '' || /[/@?#\\\s[\]]/.test(raw)) return null;
  let host: string;
  try {
    host = new URL(`https://${raw}`).host;
  } catch {
    return null;
  }
  const match = DOMAIN_SHAPE.exec(host);
  if (!match) return null;
  if (match[1] !== undefined && (Number(match[1]) < 1 || Number(match[1]) > 65535)) return null;
  return host;
}

const ZFederationDomainName = z
  .string({ message: FEDERATION_MSG.domainInvalid })
  .max(FEDERATION_DOMAIN_MAX_LENGTH, FEDERATION_MSG.domainTooLong)
  .transform((text, ctx) => {
    const domain = normalizeFederationDomain(text);
    if (domain === null) {
      ctx.addIssue({ code: 'custom', message: FEDERATION_MSG.domainInvalid });
      return z.NEVER;
    }
    return domain;
  });

/** PUT/DELETE /api/admin/federation/domains/{domain} */
export const ZFederationDomainParams = z.object({ domain: ZFederationDomainName });
export type FederationDomainParams = z.infer<typeof ZFederationDomainParams>;

/** PUT /api/admin/federation/domains/{domain} */
export const ZFederationDomainBody = z.object({
  level: z.enum(FEDERATION_DOMAIN_LEVELS, { message: FEDERATION_MSG.levelInvalid }),
});
export type FederationDomainBody = z.infer<typeof ZFederationDomainBody>;

// ---- answers

/** An admin's policy for another server. */
export const ZFederationDomain = z.object({
  domain: z.string(),
  level: z.enum(FEDERATION_DOMAIN_LEVELS),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type FederationDomain = z.infer<typeof ZFederationDomain>;

export const ZFederationDomainList = z.object({ domains: z.array(ZFederationDomain) });
export type FederationDomainList = z.infer<typeof ZFederationDomainList>;

/** PUT answers the policy and how many follows it dropped (suspend); DELETE the policy lifted. */
export const ZFederationDomainResponse = z.object({
  message: z.string(),
  domain: ZFederationDomain,
  droppedFollows: z.number().int(),
});
export type FederationDomainResponse = z.infer<typeof ZFederationDomainResponse>;

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
