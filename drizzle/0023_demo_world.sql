CREATE TABLE "demo_rows" (
	"table_name" text NOT NULL,
	"row_id" bigint NOT NULL,
	"restore" jsonb,
	"seeded" jsonb,
	CONSTRAINT "demo_rows_table_name_row_id_pk" PRIMARY KEY("table_name","row_id")
);
--> statement-breakpoint
CREATE TABLE "demo_world" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"seeded_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "demo_world_singleton" CHECK ("demo_world"."id" = 1)
);
