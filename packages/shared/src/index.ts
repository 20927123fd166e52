export * from './constants.js';
export * from './messages.js';
export * from './errors.js';
export * from './format.js';
export * from './validation.js';
export * from './schemas/common.js';
export * from './schemas/users.js';
export * from './schemas/auth.js';
export * from './schemas/posts.js';
export * from './schemas/collections.js';
export * from './schemas/search.js';
export * from './schemas/chats.js';
export * from './schemas/system.js';
export * from './schemas/notifications.js';
export * from './realtime/events.js';
export type {
  Category,
  FeedSort,
  NotificationFilter,
  NotificationType,
  Permission,
  Privacy,
  ReportAction,
  ReportReason,
  ReportStatus,
  ReportTargetType,
  SearchType,
  ShareType,
} from './constants.js';
export * from './schemas/moderation.js';
export * from './permissions.js';
