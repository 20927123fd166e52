ALTER TABLE "posts" ADD COLUMN "media_alt_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "posts" SET "media_alt_text" = m.alt FROM (SELECT post_id, string_agg(alt_text, ' ' ORDER BY position) AS alt FROM "post_media" WHERE alt_text <> '' GROUP BY post_id) m WHERE "posts"."id" = m.post_id;--> statement-breakpoint
ALTER TABLE "posts" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', glimpse_tags_text(tags)), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B') || setweight(to_tsvector('english', coalesce(media_alt_text, '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");
