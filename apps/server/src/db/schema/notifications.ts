import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { comments, posts } from './posts.js';
import { users } from './users.js';

/**
 * A member's notifications, written in the same transaction as their cause (a like, comment,
 * follow or mention; modules/notifications). Likes of one post collapse while unread: the one
 * unread `like` row of a (recipient, post) holds every liker in `actor_ids` (oldest first) and its
 * newest liker in `actor_id`; the partial unique index makes the collapse race-free.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    recipientId: varchar('recipient_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The newest actor (the one shown first). */
    actorId: varchar('actor_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every actor of a collapsed notification, oldest first; `[actor_id]` for the others. */
    actorIds: varchar('actor_ids', { length: 24 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    /** like | comment | follow | mention */
    type: text('type').notNull(),
    postId: varchar('post_id', { length: 24 }).references(() => posts.id, { onDelete: 'cascade' }),
    commentId: varchar('comment_id', { length: 24 }).references(() => comments.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt.desc(), t.id.desc()),
    index('notifications_recipient_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_unread_like_uq')
      .on(t.recipientId, t.postId)
      .where(sql`${t.type} = 'like' and ${t.readAt} is null`),
    index('notifications_actor_idx').on(t.actorId),
  ],
);
