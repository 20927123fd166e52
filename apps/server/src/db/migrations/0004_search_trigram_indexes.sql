CREATE INDEX "posts_tags_text_trgm_idx" ON "posts" USING gin (lower(glimpse_tags_text("tags")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_city_trgm_idx" ON "posts" USING gin (lower("city") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_location_name_trgm_idx" ON "posts" USING gin (lower("location_name") gin_trgm_ops);