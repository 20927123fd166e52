import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZEmptyBody,
  ZNotificationIdParams,
  ZNotificationList,
  ZNotificationSettings,
  ZNotificationsQuery,
  ZUnreadCountAnswer,
  ZUnreadCounts,
  ZUpdateNotificationSettingsBody,
} from '@glimpse/shared';
import { BEARER_REQUIRED, ERROR_ANSWERS } from '../../plugins/api-docs.js';
import { urlsOf, viewerOf } from '../../plugins/auth.js';
import {
  getNotificationSettings,
  getUnreadCounts,
  listNotifications,
  readAllNotifications,
  readNotification,
  updateNotificationSettings,
} from './notifications.service.js';

/** The member's notifications (issue 13); new ones also arrive live over Socket.IO. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preValidation: app.requireAuth };
  const security = BEARER_REQUIRED;

  r.get(
    '/api/notifications',
    {
      ...auth,
      schema: {
        summary: "The member's notifications of one tab, newest first, and the unread count",
        security,
        querystring: ZNotificationsQuery,
        response: { 200: ZNotificationList, ...ERROR_ANSWERS },
      },
    },
    async (request) => listNotifications(ctx, viewerOf(request), request.query, urlsOf(app, request)),
  );

  r.get(
    '/api/notifications/unread-counts',
    {
      ...auth,
      schema: {
        summary: "The member's badges: unread notifications and unread chat messages",
        security,
        response: { 200: ZUnreadCounts, ...ERROR_ANSWERS },
      },
    },
    async (request) => getUnreadCounts(ctx, viewerOf(request)),
  );

  r.post(
    '/api/notifications/read-all',
    {
      ...auth,
      schema: {
        summary: 'Marks every notification of the member read',
        security,
        body: ZEmptyBody,
        response: { 200: ZUnreadCountAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => readAllNotifications(ctx, viewerOf(request)),
  );

  r.post(
    '/api/notifications/:id/read',
    {
      ...auth,
      schema: {
        summary: 'Marks one notification of the member read',
        security,
        params: ZNotificationIdParams,
        body: ZEmptyBody,
        response: { 200: ZUnreadCountAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => readNotification(ctx, viewerOf(request), request.params.id),
  );

  r.get(
    '/api/notifications/settings',
    {
      ...auth,
      schema: {
        summary: 'Settings → Notifications: which types the member is told about',
        security,
        response: { 200: ZNotificationSettings, ...ERROR_ANSWERS },
      },
    },
    async (request) => getNotificationSettings(ctx, viewerOf(request)),
  );

  r.put(
    '/api/notifications/settings',
    {
      ...auth,
      schema: {
        summary: 'Turns notification types on or off (absent switches stay as they are)',
        security,
        body: ZUpdateNotificationSettingsBody,
        response: { 200: ZNotificationSettings, ...ERROR_ANSWERS },
      },
    },
    async (request) => updateNotificationSettings(ctx, viewerOf(request), request.body),
  );
}
