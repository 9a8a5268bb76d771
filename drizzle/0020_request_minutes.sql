CREATE TABLE "request_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"process" text NOT NULL,
	"route" text NOT NULL,
	"status_class" smallint NOT NULL,
	"count" integer NOT NULL,
	"duration_ms_sum" double precision NOT NULL,
	"buckets" integer[] NOT NULL,
	CONSTRAINT "request_minutes_minute_process_route_status_class_pk" PRIMARY KEY("minute","process","route","status_class")
);
--> statement-breakpoint
CREATE INDEX "request_minutes_minute_idx" ON "request_minutes" USING btree ("minute");