import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How many public, not removed posts carry each tag spelling ("Sunset" and "sunset" are two rows).
 * Kept by the `posts_tag_counts_*` triggers of migration 0010 (insert, delete, and an update of
 * tags, privacy or removed_at), so tag search reads a few rows instead of unnesting every post.
 * Suspensions, blocks and what a member sees beyond public posts are applied at query time
 * (search.tags.ts). Rows are never deleted: a count may sit at 0.
 * The bench seed loads posts with triggers off and refills it with glimpse_tag_counts_rebuild().
 */
export const tagCounts = pgTable(
  'tag_counts',
  {
    tag: text('tag').primaryKey(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    // Tag search is a case-insensitive prefix match: lower(tag) LIKE 'nee%'.
    index('tag_counts_prefix_idx').on(sql`lower(${t.tag}) text_pattern_ops`),
  ],
);
