CREATE TABLE "federation_follows" (
	"follower_id" varchar(24) NOT NULL,
	"followee_id" varchar(24) NOT NULL,
	"activity_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_follows_pk" PRIMARY KEY("follower_id","followee_id")
);
--> statement-breakpoint
CREATE TABLE "federation_keys" (
	"user_id" varchar(24) NOT NULL,
	"algorithm" text NOT NULL,
	"private_key" jsonb NOT NULL,
	"public_key" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_keys_pk" PRIMARY KEY("user_id","algorithm")
);
--> statement-breakpoint
CREATE TABLE "federation_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "federation_queue" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"ordering_key" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_actors" (
	"user_id" varchar(24) PRIMARY KEY NOT NULL,
	"uri" text NOT NULL,
	"inbox_uri" text NOT NULL,
	"shared_inbox_uri" text,
	"profile_url" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_posts" (
	"post_id" varchar(24) PRIMARY KEY NOT NULL,
	"uri" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "domain" text;--> statement-breakpoint
ALTER TABLE "federation_follows" ADD CONSTRAINT "federation_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_follows" ADD CONSTRAINT "federation_follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_keys" ADD CONSTRAINT "federation_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_actors" ADD CONSTRAINT "remote_actors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_posts" ADD CONSTRAINT "remote_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "federation_kv_expires_idx" ON "federation_kv" USING btree ("expires_at") WHERE "federation_kv"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "federation_queue_run_idx" ON "federation_queue" USING btree ("run_at","id");--> statement-breakpoint
CREATE INDEX "federation_queue_ordering_idx" ON "federation_queue" USING btree ("ordering_key","id") WHERE "federation_queue"."ordering_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_actors_uri_uq" ON "remote_actors" USING btree ("uri");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_posts_uri_uq" ON "remote_posts" USING btree ("uri");