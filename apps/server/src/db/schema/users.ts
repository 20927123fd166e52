import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    location: text('location').notNull().default(''),
    website: text('website').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    avatarUrl: text('avatar_url'),
    avatarFilename: text('avatar_filename'),
    avatarUploadedAt: timestamp('avatar_uploaded_at', { withTimezone: true, mode: 'date' }),
    socialLinks: jsonb('social_links').$type<Record<string, string>>().notNull().default({}),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    isVerified: boolean('is_verified').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    isModerator: boolean('is_moderator').notNull().default(false),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isOnline: boolean('is_online').notNull().default(false),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }),
    /** When the password was last set (change or reset); sessions are rows of `sessions`. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    /**
     * A private account: its posts (whatever each post's privacy) are seen by approved followers
     * only; following it is a request the member accepts (`follow_requests`). Read by the one
     * visibility rule (posts.visibility.ts) through `users_followers_only_idx` (with `federation_silenced`).
     */
    isPrivate: boolean('is_private').notNull().default(false),
    /** Two-factor sign-in (TOTP, RFC 6238): the base32 secret once enabled, else null. */
    totpSecret: text('totp_secret'),
    /** A secret handed out by `POST /api/auth/2fa/setup`, waiting for its first code to be enabled. */
    totpPendingSecret: text('totp_pending_secret'),
    /**
     * The last TOTP time step (30 s) a code was accepted for: a code is accepted once, so one of the
     * same step or an earlier one is refused (no replay within its window).
     */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Set while a moderator's suspension holds (until `suspended_until`, or indefinitely when null). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
    suspensionReason: text('suspension_reason'),
    /**
     * Null for a member of this server. Set (the remote server's host) for an account of another
     * ActivityPub server (FEDERATION=true), known through `remote_actors`: such a row has no
     * password (it can never sign in), an email under `.invalid`, and a username `name@host`
     * (which local usernames, letters, digits and `_`, can never take).
     */
    domain: text('domain'),
    /**
     * The account's server is silenced by an admin (`federation_domains`): its posts reach only the
     * members who follow it, as a private account's do (the visibility rule reads this with
     * `is_private`, through `users_followers_only_idx`). Kept in step by federation.policy.service.ts.
     */
    federationSilenced: boolean('federation_silenced').notNull().default(false),
    /**
     * The account's server is suspended by an admin: the account is hidden as a suspended member is
     * (`notSuspended`, through `users_suspended_idx`) and nothing federates with it.
     */
    federationSuspended: boolean('federation_suspended').notNull().default(false),
    postsCount: integer('posts_count').notNull().default(0),
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_display_name_trgm_idx').using('gin', sql`lower(${t.displayName}) gin_trgm_ops`),
    // People search's exact and prefix tiers: lower(name) LIKE 'nee%' as a short btree range.
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('users_display_name_prefix_idx').on(sql`lower(${t.displayName}) text_pattern_ops`),
    // The people list (GET /api/users) and user search rank by followers; keeps them a short index walk.
    index('users_followers_idx').on(t.followersCount.desc(), t.id),
    // The few suspended members, read once per query by the visibility rules (hashed NOT IN).
    index('users_suspended_idx')
      .on(t.id)
      .where(sql`${t.suspendedAt} is not null or ${t.federationSuspended}`),
    // The private and silenced accounts, read once per statement by the visibility rule (hashed NOT IN).
    index('users_followers_only_idx')
      .on(t.id)
      .where(sql`${t.isPrivate} or ${t.federationSilenced}`),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: varchar('follower_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: varchar('followee_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'follows_pk', columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.followerId),
  ],
);
