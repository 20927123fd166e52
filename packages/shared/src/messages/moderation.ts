/** Reports, removals and suspensions. Part of the catalogue in ../messages.ts (import from there). */

import {
  FEDERATION_DOMAIN_MAX_LENGTH,
  MODERATION_NOTE_MAX_LENGTH,
  REPORT_DETAILS_MAX_LENGTH,
} from '../constants.js';

/** Moderation and safety: reports, the queue, removal, suspension, roles, blocks. */
export const MOD_MSG = {
  invalidReportId: 'Invalid report ID',
  invalidCommentId: 'Invalid comment ID',
  reportNotFound: 'Report not found',
  commentNotFound: 'Comment not found',
  reportTargetNotFound: 'The reported content was not found',
  cannotReportSelf: 'You cannot report yourself',
  alreadyReported: 'You have already reported this; a moderator will look at it',
  reported: 'Thanks, your report was sent to the moderators',
  reportAlreadyResolved: 'This report is already resolved',
  reportResolved: 'Report resolved',
  reasonInvalid: 'Reason must be spam, harassment, nudity, violence or other',
  targetTypeInvalid: 'Target type must be post, comment or user',
  actionInvalid: 'Action must be dismiss, remove or suspend',
  statusInvalid: 'Status must be open or resolved',
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX_LENGTH} characters`,
  noteTooLong: `The note must be at most ${MODERATION_NOTE_MAX_LENGTH} characters`,
  cannotRemoveUser: 'A member cannot be removed; suspend them instead',
  removedByModerator: 'Removed by a moderator',
  commentDeleted: 'Comment deleted successfully',
  notAllowedToDeleteComment: 'Not authorized to delete this comment',
  suspensionReasonRequired: 'A reason is required to suspend a member',
  suspensionReasonTooLong: `The reason must be at most ${MODERATION_NOTE_MAX_LENGTH} characters`,
  suspendUntilInvalid: 'Suspension end must be a date in the future',
  cannotSuspendSelf: 'You cannot suspend yourself',
  cannotSuspendAdmin: 'An admin cannot be suspended',
  suspended: 'Member suspended',
  unsuspended: 'Suspension lifted',
  accountSuspended: 'Your account is suspended',
  accountSuspendedUntil: (until: string) => `Your account is suspended until ${until}`,
  rolesUpdated: 'Roles updated',
  rolesBodyEmpty: 'Send isAdmin, isModerator or permissions',
  cannotRemoveOwnAdmin: 'You cannot take away your own admin role',
  cannotBlockSelf: 'You cannot block yourself',
  blocked: 'Member blocked',
  unblocked: 'Member unblocked',
  blockedInteraction: 'You cannot interact with this member',
  forwardInvalid: 'Forward must be true or false',
} as const;

/** Admins' policies for other servers (federation). */
export const FEDERATION_MSG = {
  domainInvalid:
    'Domain must be a host name like example.social, optionally with a port (example.social:8443)',
  domainTooLong: `Domain must be at most ${FEDERATION_DOMAIN_MAX_LENGTH} characters`,
  domainIsOurs: 'This is our own domain',
  levelInvalid: 'Level must be suspend or silence',
  domainNotFound: 'No policy for this domain',
  domainSaved: 'Domain policy saved',
  domainLifted: 'Domain policy removed',
} as const;
