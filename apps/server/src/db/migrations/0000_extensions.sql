-- Extensions and helper functions the schema relies on. Must run before the tables.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE, and a generated column needs an IMMUTABLE expression.
-- For text[] the result cannot change between calls, so declaring the wrapper IMMUTABLE is sound.
CREATE OR REPLACE FUNCTION glimpse_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(tags, ' '), '') $$;
