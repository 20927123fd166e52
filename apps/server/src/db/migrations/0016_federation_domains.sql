CREATE TABLE "federation_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_private_idx";--> statement-breakpoint
DROP INDEX "users_suspended_idx";--> statement-breakpoint
ALTER TABLE "moderation_actions" ALTER COLUMN "target_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "federation_silenced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "federation_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "activity_uri" text;--> statement-breakpoint
ALTER TABLE "federation_domains" ADD CONSTRAINT "federation_domains_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_followers_only_idx" ON "users" USING btree ("id") WHERE "users"."is_private" or "users"."federation_silenced";--> statement-breakpoint
CREATE UNIQUE INDEX "reports_activity_uq" ON "reports" USING btree ("activity_uri","target_type","target_id") WHERE "reports"."activity_uri" is not null;--> statement-breakpoint
CREATE INDEX "users_suspended_idx" ON "users" USING btree ("id") WHERE "users"."suspended_at" is not null or "users"."federation_suspended";