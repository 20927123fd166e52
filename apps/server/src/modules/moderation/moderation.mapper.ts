import type {
  AuditEntry,
  ModeratedUser,
  Permission,
  Report,
  ReportAction,
  ReportReason,
  ReportStatus,
  ReportTargetType,
} from '@glimpse/shared';
import type { AuditRow, ModeratedUserRow, ReportRow } from './moderation.repo.js';

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    _id: row.id,
    targetType: row.targetType as ReportTargetType,
    targetId: row.targetId,
    reason: row.reason as ReportReason,
    details: row.details,
    status: row.status as ReportStatus,
    resolution: (row.resolution as ReportAction | null) ?? null,
    resolutionNote: row.resolutionNote,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toMemberRef(row: { id: string; username: string }) {
  return { id: row.id, _id: row.id, username: row.username };
}

export function toModeratedUser(row: ModeratedUserRow): ModeratedUser {
  return {
    ...toMemberRef(row),
    displayName: row.displayName || row.username,
    roles: {
      isAdmin: row.isAdmin,
      isModerator: row.isModerator,
      permissions: row.permissions as Permission[],
    },
    suspension: row.suspendedAt
      ? {
          since: row.suspendedAt.toISOString(),
          until: row.suspendedUntil?.toISOString() ?? null,
          reason: row.suspensionReason ?? '',
        }
      : null,
  };
}

export function toAuditEntry(row: AuditRow, actor: { id: string; username: string } | undefined): AuditEntry {
  return {
    id: row.id,
    actor: actor ? toMemberRef(actor) : null,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reportId: row.reportId,
    note: row.note,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}
