import { index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const chats = pgTable(
  'chats',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    type: text('type').notNull().default('direct'),
    name: text('name'),
    /** "smallerId:largerId" for direct chats: the unique index makes two chats for one pair impossible. */
    directKey: text('direct_key').unique(),
    createdBy: varchar('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    lastMessageId: varchar('last_message_id', { length: 24 }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('chats_last_activity_idx').on(t.lastActivityAt.desc())],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: varchar('chat_id', { length: 24 })
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true, mode: 'date' }),
    lastReadMessageId: varchar('last_read_message_id', { length: 24 }),
    /** Set while this member keeps the chat in their Archive tab (per member, not per chat). */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'chat_members_pk', columns: [t.chatId, t.userId] }),
    index('chat_members_user_idx').on(t.userId, t.chatId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    chatId: varchar('chat_id', { length: 24 })
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: varchar('sender_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type').notNull().default('text'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('messages_chat_idx').on(t.chatId, t.id)],
);

export const messageReads = pgTable(
  'message_reads',
  {
    messageId: varchar('message_id', { length: 24 })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'message_reads_pk', columns: [t.messageId, t.userId] }),
    index('message_reads_user_idx').on(t.userId),
  ],
);
