CREATE TABLE "request_days" (
	"day" date NOT NULL,
	"status_class" smallint NOT NULL,
	"count" bigint NOT NULL,
	"duration_ms_sum" double precision NOT NULL,
	"buckets" bigint[] NOT NULL,
	CONSTRAINT "request_days_day_status_class_pk" PRIMARY KEY("day","status_class")
);
--> statement-breakpoint
CREATE TABLE "service_days" (
	"day" date PRIMARY KEY NOT NULL,
	"minutes" integer NOT NULL,
	"first_minute" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_minutes" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL
);
