import { index, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * One signed-in device: every sign-in and registration opens one, and its token names it (claim
 * `sid`). A token is accepted while its session row exists; ending a session deletes the row
 * (`endSessions`, modules/auth/sessions.ts), so its token is refused from the next request on.
 * `last_seen_at` is written at most once per SESSION_SEEN_WRITE_MS, off the request path.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "Chrome on macOS", from the User-Agent at sign-in. */
    device: text('device').notNull(),
    /** The client address it signed in from (request.ip, so TRUST_PROXY decides). */
    ipAddress: text('ip_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When its token expires (created_at + the token's lifetime); later it is only clutter. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.lastSeenAt.desc())],
);

/**
 * A password reset link: the token is sent by mail (or printed by the admin CLI) and only its
 * SHA-256 is kept, so the table does not hold working links. Used once (`used_at`), within an hour.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Two-factor recovery codes: SHA-256 of each, deleted when used (single use). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'recovery_codes_pk', columns: [t.userId, t.codeHash] })],
);

/**
 * A request to follow a private account, waiting for the account's answer. Accepting turns it
 * into a `follows` row; switching the account to public accepts every pending one.
 */
export const followRequests = pgTable(
  'follow_requests',
  {
    requesterId: varchar('requester_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: varchar('target_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'follow_requests_pk', columns: [t.requesterId, t.targetId] }),
    // The account's inbox of requests, newest first.
    index('follow_requests_target_idx').on(t.targetId, t.createdAt.desc()),
  ],
);
