import { index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { comments, posts } from './posts.js';
import { users } from './users.js';

export const notifications = pgTable(
  'notifications',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    recipientId: varchar('recipient_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: varchar('actor_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** like | comment | follow | mention */
    type: text('type').notNull(),
    postId: varchar('post_id', { length: 24 }).references(() => posts.id, { onDelete: 'cascade' }),
    commentId: varchar('comment_id', { length: 24 }).references(() => comments.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('notifications_recipient_idx').on(t.recipientId, t.createdAt.desc())],
);
