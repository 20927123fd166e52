CREATE TABLE "tag_counts" (
	"tag" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tag_counts_prefix_idx" ON "tag_counts" USING btree (lower("tag") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_display_name_prefix_idx" ON "users" USING btree (lower("display_name") text_pattern_ops);--> statement-breakpoint
-- Adds -1 for each distinct spelling in old_tags and +1 for each in new_tags (NULL: none), in tag
-- order, so two posts written at once lock shared tag rows in the same order (no deadlock).
CREATE FUNCTION glimpse_tag_counts_move(old_tags text[], new_tags text[]) RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
    INSERT INTO tag_counts AS tc (tag, count)
    SELECT c.tag, sum(c.d)::int FROM (
      SELECT DISTINCT o.tag, -1 AS d FROM unnest(old_tags) AS o(tag)
      UNION ALL
      SELECT DISTINCT n.tag, 1 AS d FROM unnest(new_tags) AS n(tag)
    ) c
    WHERE c.tag IS NOT NULL
    GROUP BY c.tag
    HAVING sum(c.d) <> 0
    ORDER BY c.tag
    ON CONFLICT (tag) DO UPDATE SET count = tc.count + excluded.count
  $$;
--> statement-breakpoint
-- A post counts while it is public and not removed; suspensions and blocks change with time and
-- per viewer, so search applies them at query time instead.
CREATE FUNCTION glimpse_posts_tag_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    old_tags text[];
    new_tags text[];
  BEGIN
    IF TG_OP <> 'INSERT' AND OLD.privacy = 'public' AND OLD.removed_at IS NULL THEN
      old_tags := OLD.tags;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.privacy = 'public' AND NEW.removed_at IS NULL THEN
      new_tags := NEW.tags;
    END IF;
    IF old_tags IS NOT NULL OR new_tags IS NOT NULL THEN
      PERFORM glimpse_tag_counts_move(old_tags, new_tags);
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER "posts_tag_counts_insert" AFTER INSERT ON "posts"
  FOR EACH ROW EXECUTE FUNCTION glimpse_posts_tag_counts();
--> statement-breakpoint
CREATE TRIGGER "posts_tag_counts_delete" AFTER DELETE ON "posts"
  FOR EACH ROW EXECUTE FUNCTION glimpse_posts_tag_counts();
--> statement-breakpoint
CREATE TRIGGER "posts_tag_counts_update" AFTER UPDATE OF "tags", "privacy", "removed_at" ON "posts"
  FOR EACH ROW
  WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.privacy IS DISTINCT FROM NEW.privacy
    OR (OLD.removed_at IS NULL) <> (NEW.removed_at IS NULL))
  EXECUTE FUNCTION glimpse_posts_tag_counts();
--> statement-breakpoint
-- Recounts everything from the posts (the migration's backfill; the bench seed after a load with
-- triggers off). Takes the table's lock first, so no trigger adds to a row being rebuilt.
CREATE FUNCTION glimpse_tag_counts_rebuild() RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
    LOCK TABLE tag_counts IN EXCLUSIVE MODE;
    DELETE FROM tag_counts;
    INSERT INTO tag_counts (tag, count)
    SELECT t.tag, count(*)::int
    FROM posts p CROSS JOIN LATERAL (SELECT DISTINCT u.tag FROM unnest(p.tags) AS u(tag)) t
    WHERE p.privacy = 'public' AND p.removed_at IS NULL AND t.tag IS NOT NULL
    GROUP BY t.tag;
  $$;
--> statement-breakpoint
SELECT glimpse_tag_counts_rebuild();
--> statement-breakpoint
-- Fresh statistics for the new table and indexes, only where there is data to describe (an empty
-- test database would pay for nothing).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM posts) THEN
    ANALYZE tag_counts;
    ANALYZE users;
  END IF;
END
$$;
