import type { JsonWebKey } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  index,
  jsonb,
  uniqueIndex,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { comments, posts } from './posts.js';
import { users } from './users.js';

/**
 * Fedify's key-value store (FEDERATION=true): cached remote documents and keys, idempotence marks
 * of handled activities. `key` is the JSON of Fedify's key array; rows past `expires_at` read as
 * absent and are swept by the queue's listener.
 */
export const federationKv = pgTable(
  'federation_kv',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('federation_kv_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

/**
 * Fedify's message queue: outgoing deliveries and incoming activities, handled off the request
 * path by every node (`FOR UPDATE SKIP LOCKED`). A message is deleted once handled; one taken by
 * a node that died is taken again when its lease (`locked_until`) runs out. Fedify retries failed
 * deliveries itself, with backoff, by enqueueing them again with a delay (`run_at`).
 */
export const federationQueue = pgTable(
  'federation_queue',
  {
    /** `newId()`: sorts by creation time across nodes (no sequence, so backups restore as they are). */
    id: varchar('id', { length: 24 }).primaryKey(),
    message: jsonb('message').notNull(),
    /** Messages with the same key are handled one at a time, in order. */
    orderingKey: text('ordering_key'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('federation_queue_run_idx').on(t.runAt, t.id),
    // "Is an earlier message of this ordering key still here?", per candidate message.
    index('federation_queue_ordering_idx')
      .on(t.orderingKey, t.id)
      .where(sql`${t.orderingKey} is not null`),
  ],
);

/**
 * A member's actor keys (RSA for draft-cavage HTTP Signatures, Ed25519 for RFC 9421 and object
 * proofs), as JWK, made the first time the member's actor is asked for. Deleted with the member.
 */
export const federationKeys = pgTable(
  'federation_keys',
  {
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `RSASSA-PKCS1-v1_5` or `Ed25519`. */
    algorithm: text('algorithm').notNull(),
    privateKey: jsonb('private_key').$type<JsonWebKey>().notNull(),
    publicKey: jsonb('public_key').$type<JsonWebKey>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'federation_keys_pk', columns: [t.userId, t.algorithm] })],
);

/**
 * An account of another server, as its actor document said when last fetched. Its `users` row
 * (with `domain` set) is what follows, posts and notifications reference, so every existing rule
 * (privacy, blocks, counters) applies to it unchanged.
 */
export const remoteActors = pgTable(
  'remote_actors',
  {
    userId: varchar('user_id', { length: 24 })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The actor's id (its canonical URL). */
    uri: text('uri').notNull(),
    inboxUri: text('inbox_uri').notNull(),
    sharedInboxUri: text('shared_inbox_uri'),
    /** The actor's own page for people (`url`), when it gives one. */
    profileUrl: text('profile_url'),
    /** The avatar URL its actor document gave, as fetched into our media store (`users.avatar_url`); refetched when it changes. */
    avatarSourceUrl: text('avatar_source_url'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('remote_actors_uri_uq').on(t.uri)],
);

/**
 * The id of the Follow activity behind a follow or follow request that crossed servers: the
 * Accept (or Undo) that answers it names it.
 */
export const federationFollows = pgTable(
  'federation_follows',
  {
    followerId: varchar('follower_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: varchar('followee_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityUri: text('activity_uri').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'federation_follows_pk', columns: [t.followerId, t.followeeId] })],
);

/** A post that came from another server: the Note it was made from (Update and Delete name it). */
export const remotePosts = pgTable(
  'remote_posts',
  {
    postId: varchar('post_id', { length: 24 })
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    uri: text('uri').notNull(),
  },
  (t) => [uniqueIndex('remote_posts_uri_uq').on(t.uri)],
);

/**
 * An admin's policy for another server (`/api/admin/federation/domains`): `suspend` (nothing in or
 * out, follows with its accounts dropped, its accounts hidden) or `silence` (its posts reach only
 * the members who follow its accounts). `domain` is a lower-case host with an optional port; a
 * policy without a port covers every port and every subdomain of the host.
 */
export const federationDomains = pgTable('federation_domains', {
  domain: text('domain').primaryKey(),
  /** suspend | silence */
  level: text('level').notNull(),
  createdBy: varchar('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A comment that came from another server as a reply Note (`inReplyTo` one of the posts here): the
 * Note's id, which Update and Delete of the reply name.
 */
export const remoteComments = pgTable(
  'remote_comments',
  {
    commentId: varchar('comment_id', { length: 24 })
      .primaryKey()
      .references(() => comments.id, { onDelete: 'cascade' }),
    uri: text('uri').notNull(),
  },
  (t) => [uniqueIndex('remote_comments_uri_uq').on(t.uri)],
);
