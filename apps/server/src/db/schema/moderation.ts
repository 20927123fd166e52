import {
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.js';

/** A member who blocked another: each side stops seeing and reaching the other. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: varchar('blocker_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: varchar('blocked_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'blocks_pk', columns: [t.blockerId, t.blockedId] }),
    // "Who blocked me" is the other half of every block check.
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

/**
 * A member's report of a post, a comment or a member. `target_id` is not a foreign key: the
 * report (and the audit trail) outlives a deleted target.
 */
export const reports = pgTable(
  'reports',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    reporterId: varchar('reporter_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** post | comment | user */
    targetType: text('target_type').notNull(),
    targetId: varchar('target_id', { length: 24 }).notNull(),
    /** The member whose content or account is reported (for suspension from the queue). */
    targetUserId: varchar('target_user_id', { length: 24 }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** spam | harassment | nudity | violence | other */
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    /** open | resolved */
    status: text('status').notNull().default('open'),
    /** dismiss | remove | suspend, once resolved */
    resolution: text('resolution'),
    resolutionNote: text('resolution_note'),
    resolvedBy: varchar('resolved_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    /** The id of the `Flag` activity a report came in as (another server's moderators); else null. */
    activityUri: text('activity_uri'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // A Flag is one report per target, however often it arrives.
    uniqueIndex('reports_activity_uq')
      .on(t.activityUri, t.targetType, t.targetId)
      .where(sql`${t.activityUri} is not null`),
    // One open report per reporter and target: a second one is a conflict, decided by the index.
    uniqueIndex('reports_open_uq')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

/** The audit log: every moderation and role action, who did it, to what, when and why. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    actorId: varchar('actor_id', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    /**
     * remove_post | remove_comment | delete_comment | suspend | unsuspend | dismiss_report |
     * set_roles | grant | revoke | federation_domain_set | federation_domain_lift
     */
    action: text('action').notNull(),
    /** post | comment | user | report | domain */
    targetType: text('target_type').notNull(),
    /** An id, or for a domain policy the domain (up to FEDERATION_DOMAIN_MAX_LENGTH). */
    targetId: text('target_id').notNull(),
    reportId: varchar('report_id', { length: 24 }),
    note: text('note').notNull().default(''),
    /** What changed, e.g. the roles before and after. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('moderation_actions_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
