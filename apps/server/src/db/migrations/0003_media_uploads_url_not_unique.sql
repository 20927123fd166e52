ALTER TABLE "media_uploads" DROP CONSTRAINT "media_uploads_url_unique";--> statement-breakpoint
CREATE INDEX "media_uploads_owner_url_idx" ON "media_uploads" USING btree ("owner_id","url");