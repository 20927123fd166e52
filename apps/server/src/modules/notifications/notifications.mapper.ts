import type { Notification, NotificationType } from '@glimpse/shared';
import type { PublicUrls } from '../../lib/public-urls.js';
import { toAuthor } from '../users/users.mapper.js';
import type { NotificationRow } from './notifications.repo.js';

export function toNotification(row: NotificationRow, urls: PublicUrls): Notification {
  return {
    id: row.id,
    _id: row.id,
    type: row.type as NotificationType,
    actor: toAuthor(row.actor, urls, { isFollowedByUser: row.actorFollowed }),
    othersCount: row.othersCount,
    post:
      row.postId !== null && row.postTitle !== null
        ? {
            id: row.postId,
            title: row.postTitle,
            thumbnailUrl: row.thumbnailPath ? urls.media(row.thumbnailPath) : null,
          }
        : null,
    comment:
      row.commentId !== null && row.commentContent !== null
        ? { id: row.commentId, content: row.commentContent }
        : null,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}
