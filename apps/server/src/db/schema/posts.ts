import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ImageVariant, PostLocation } from '@glimpse/shared';
import { users } from './users.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const posts = pgTable(
  'posts',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    authorId: varchar('author_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    category: text('category').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    privacy: text('privacy').notNull().default('public'),
    city: text('city'),
    locationName: text('location_name'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    address: jsonb('address').$type<PostLocation['address']>(),
    /** The alt texts of the post's images, joined: written with the images, searched at weight C. */
    mediaAltText: text('media_alt_text').notNull().default(''),
    viewsCount: integer('views_count').notNull().default(0),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    sharesCount: integer('shares_count').notNull().default(0),
    /** Members who saved the post (the `saves` rows), moved in the same transaction as they are. */
    savesCount: integer('saves_count').notNull().default(0),
    /**
     * Time-decayed engagement ("hot") score: log10(weighted engagement) + epoch seconds / 45000.
     * Newer posts start higher, so the order decays with age without ever being recomputed;
     * it only changes when engagement does, in the same transaction as the counter.
     */
    hotScore: doublePrecision('hot_score').notNull().default(0),
    /** Removed by a moderator: hidden from everyone but its author; kept for the audit. */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    removedBy: varchar('removed_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', glimpse_tags_text(tags)), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B') || setweight(to_tsvector('english', coalesce(media_alt_text, '')), 'C')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When its author last edited it (PUT /api/posts/{id}); null until then. */
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('posts_author_created_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    index('posts_category_created_idx').on(t.category, t.createdAt.desc(), t.id.desc()),
    index('posts_city_created_idx').on(sql`lower(${t.city})`, t.createdAt.desc(), t.id.desc()),
    index('posts_hot_idx').on(t.hotScore.desc(), t.id.desc()),
    index('posts_category_hot_idx').on(t.category, t.hotScore.desc(), t.id.desc()),
    index('posts_search_idx').using('gin', t.searchVector),
    // Post search's first tier (a title or tag hit): the weight-A part of the same vector.
    index('posts_search_title_tags_idx').using('gin', sql`ts_filter(${t.searchVector}, '{a}'::"char"[])`),
    index('posts_tags_idx').using('gin', t.tags),
    // Trigram indexes narrow the tag-prefix and place-contains searches to matching posts
    // (a containment test on the joined tags is a necessary condition for a tag prefix match).
    index('posts_tags_text_trgm_idx').using('gin', sql`lower(glimpse_tags_text(${t.tags})) gin_trgm_ops`),
    index('posts_city_trgm_idx').using('gin', sql`lower(${t.city}) gin_trgm_ops`),
    index('posts_location_name_trgm_idx').using('gin', sql`lower(${t.locationName}) gin_trgm_ops`),
    // The nearest known city (GET /api/posts/nearest-city): a latitude band, then longitude.
    index('posts_city_position_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.latitude} is not null and ${t.longitude} is not null and ${t.city} <> ''`),
  ],
);

export const postMedia = pgTable(
  'post_media',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    postId: varchar('post_id', { length: 24 })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    variants: jsonb('variants').$type<ImageVariant[]>().notNull().default([]),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    placeholder: text('placeholder'),
    /** BlurHash of the image (what other fediverse servers show before it loads), made once when first federated. */
    blurhash: text('blurhash'),
    altText: text('alt_text').notNull().default(''),
    caption: text('caption').notNull().default(''),
  },
  (t) => [index('post_media_post_idx').on(t.postId, t.position)],
);

/** Files uploaded but not yet attached to a post, so orphans can be found and cleaned. */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    ownerId: varchar('owner_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Not unique: URLs are content-addressed, so two uploads of the same bytes (one member reusing
    // a photo, or two members posting the same picture) share a URL but are separate uploads.
    url: text('url').notNull(),
    variants: jsonb('variants').$type<ImageVariant[]>().notNull().default([]),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    placeholder: text('placeholder'),
    storageKeys: text('storage_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    postId: varchar('post_id', { length: 24 }).references(() => posts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('media_uploads_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('media_uploads_owner_url_idx').on(t.ownerId, t.url),
  ],
);

export const likes = pgTable(
  'likes',
  {
    postId: varchar('post_id', { length: 24 })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'likes_pk', columns: [t.postId, t.userId] }),
    index('likes_user_created_idx').on(t.userId, t.createdAt.desc(), t.postId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    postId: varchar('post_id', { length: 24 })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Removed by a moderator: hidden from everyone but its author; kept for the audit. */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    removedBy: varchar('removed_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When its author last edited it; null until then. */
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('comments_post_created_idx').on(t.postId, t.createdAt.desc(), t.id.desc())],
);

export const shares = pgTable(
  'shares',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    postId: varchar('post_id', { length: 24 })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareType: text('share_type').notNull().default('repost'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('shares_post_idx').on(t.postId), index('shares_user_idx').on(t.userId)],
);

/** A member's saved post (private: only the member lists it; posts carry only the count). */
export const saves = pgTable(
  'saves',
  {
    postId: varchar('post_id', { length: 24 })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'saves_pk', columns: [t.postId, t.userId] }),
    index('saves_user_created_idx').on(t.userId, t.createdAt.desc(), t.postId),
  ],
);

/** A member's named set of posts (issue 30). A private one is seen by its owner alone. */
export const collections = pgTable(
  'collections',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    ownerId: varchar('owner_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isPrivate: boolean('is_private').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('collections_owner_created_idx').on(t.ownerId, t.createdAt.desc(), t.id)],
);

export const collectionPosts = pgTable(
  'collection_posts',
  {
    collectionId: varchar('collection_id', { length: 24 })
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    postId: varchar('post_id', { length: 24 })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'collection_posts_pk', columns: [t.collectionId, t.postId] }),
    index('collection_posts_added_idx').on(t.collectionId, t.addedAt.desc(), t.postId),
    index('collection_posts_post_idx').on(t.postId),
  ],
);

/**
 * Members tagged in a post (issue 30): chosen by its author on create or edit, at most
 * MAX_TAGGED_USERS; a tagged member may take themselves off. The second index serves the member's
 * Tagged list (GET /api/users/{id}/tagged), newest tag first.
 */
export const postTaggedUsers = pgTable(
  'post_tagged_users',
  {
    postId: varchar('post_id', { length: 24 })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'post_tagged_users_pk', columns: [t.postId, t.userId] }),
    index('post_tagged_users_user_created_idx').on(t.userId, t.createdAt.desc(), t.postId),
  ],
);
