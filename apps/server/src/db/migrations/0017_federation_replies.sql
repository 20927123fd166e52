CREATE TABLE "remote_comments" (
	"comment_id" varchar(24) PRIMARY KEY NOT NULL,
	"uri" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_media" ADD COLUMN "blurhash" text;--> statement-breakpoint
ALTER TABLE "remote_actors" ADD COLUMN "avatar_source_url" text;--> statement-breakpoint
ALTER TABLE "remote_comments" ADD CONSTRAINT "remote_comments_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_comments_uri_uq" ON "remote_comments" USING btree ("uri");--> statement-breakpoint
-- Avatars of accounts elsewhere are now our own re-encoded copies: drop the remote URLs kept before (fetched again with the next actor document).
UPDATE "users" SET "avatar_url" = NULL, "avatar_filename" = NULL WHERE "domain" IS NOT NULL AND "avatar_url" NOT LIKE '/media/%';
