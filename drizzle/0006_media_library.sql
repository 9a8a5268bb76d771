CREATE TABLE "media_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"media_type" text NOT NULL,
	"mime_type" text NOT NULL,
	"original_filename" text DEFAULT '' NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"failure_reason" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"content_type" text,
	"object_id" integer,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_items_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "storage_deletions" (
	"id" serial PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_items_object_idx" ON "media_items" USING btree ("content_type","object_id");--> statement-breakpoint
CREATE INDEX "media_items_status_idx" ON "media_items" USING btree ("status");--> statement-breakpoint
CREATE INDEX "media_items_created_idx" ON "media_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "storage_deletions_next_idx" ON "storage_deletions" USING btree ("next_attempt_at");