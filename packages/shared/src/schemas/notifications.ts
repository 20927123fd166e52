import { z } from 'zod';
import { NOTIFICATION_FILTERS, NOTIFICATION_TYPES, NOTIFICATIONS_PAGE_SIZE } from '../constants.js';
import { NOTIFICATION_MSG } from '../messages.js';
import { makeIdParam, makePageQuery, ZEntity, ZIsoDate, ZPagination } from './common.js';
import { ZAuthor } from './users.js';

/** GET /api/notifications: a tab (`all` by default), newest first, by page or cursor. */
export const ZNotificationsQuery = makePageQuery(NOTIFICATIONS_PAGE_SIZE).extend({
  type: z.enum(NOTIFICATION_FILTERS, { message: NOTIFICATION_MSG.invalidType }).default('all'),
});
export type NotificationsQuery = z.infer<typeof ZNotificationsQuery>;

export const ZNotificationIdParams = z.object({ id: makeIdParam(NOTIFICATION_MSG.invalidNotificationId) });

/**
 * One notification. `actor` is the newest actor; `othersCount` how many more collapsed into it
 * ("ava and 3 others liked your post": likes of one post collapse while unread; 0 otherwise).
 * `post` for like, comment, mention and tag; `comment` for comment and a mention in a comment.
 */
export const ZNotification = ZEntity.extend({
  type: z.enum(NOTIFICATION_TYPES),
  actor: ZAuthor,
  othersCount: z.number().int(),
  post: z.object({ id: z.string(), title: z.string(), thumbnailUrl: z.string().nullable() }).nullable(),
  comment: z.object({ id: z.string(), content: z.string() }).nullable(),
  read: z.boolean(),
  createdAt: ZIsoDate,
});
export type Notification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.object({
  notifications: z.array(ZNotification),
  /** Unread notifications of every type (the bell's badge), not only this tab's. */
  unreadCount: z.number().int(),
  pagination: ZPagination,
});
export type NotificationList = z.infer<typeof ZNotificationList>;

/** POST /api/notifications/read-all and /{id}/read: the member's unread count afterwards. */
export const ZUnreadCountAnswer = z.object({ unreadCount: z.number().int() });
export type UnreadCountAnswer = z.infer<typeof ZUnreadCountAnswer>;

/**
 * Settings → Notifications: one switch per type, stored in the member's `preferences.notifications`.
 * A switched-off type is not written at all (nothing to show later, nothing sent live).
 */
export const ZNotificationSettings = z.object({
  likes: z.boolean(),
  comments: z.boolean(),
  follows: z.boolean(),
  mentions: z.boolean(),
  /** Someone asked to follow the member's private account. */
  followRequests: z.boolean(),
  /** Someone tagged the member in a post (issue 30). */
  tags: z.boolean(),
});
export type NotificationSettings = z.infer<typeof ZNotificationSettings>;

/** PUT /api/notifications/settings: any of the switches; absent ones stay as they are. */
export const ZUpdateNotificationSettingsBody = z.strictObject(
  {
    likes: z.boolean({ message: NOTIFICATION_MSG.invalidSettings }).optional(),
    comments: z.boolean({ message: NOTIFICATION_MSG.invalidSettings }).optional(),
    follows: z.boolean({ message: NOTIFICATION_MSG.invalidSettings }).optional(),
    mentions: z.boolean({ message: NOTIFICATION_MSG.invalidSettings }).optional(),
    followRequests: z.boolean({ message: NOTIFICATION_MSG.invalidSettings }).optional(),
    tags: z.boolean({ message: NOTIFICATION_MSG.invalidSettings }).optional(),
  },
  { message: NOTIFICATION_MSG.invalidSettings },
);
export type UpdateNotificationSettingsBody = z.infer<typeof ZUpdateNotificationSettingsBody>;

/** Socket `unread_counts`: the bell's and the chat button's badges. */
export const ZUnreadCounts = z.object({ notifications: z.number().int(), messages: z.number().int() });
export type UnreadCounts = z.infer<typeof ZUnreadCounts>;
