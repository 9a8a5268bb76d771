CREATE TABLE "traveler_experts" (
	"id" serial PRIMARY KEY NOT NULL,
	"traveler_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"trip_type" text,
	"assigned_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"assigned_by_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_pending" boolean GENERATED ALWAYS AS (status = 'pending') STORED NOT NULL,
	"responded_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_request_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"traveler_id" integer NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_request_drafts_traveler_id_unique" UNIQUE("traveler_id")
);
--> statement-breakpoint
CREATE TABLE "trip_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"traveler_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	"location_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"travelers" integer NOT NULL,
	"travel_style" text NOT NULL,
	"trip_type" text NOT NULL,
	"accommodation_type" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dining_preferences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transport_preferences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"budget_min" numeric(12, 2) NOT NULL,
	"budget_max" numeric(12, 2) NOT NULL,
	"budget_includes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"special_requests" text DEFAULT '' NOT NULL,
	"accessibility" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dietary_restrictions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"priority_level" text DEFAULT 'standard' NOT NULL,
	"expert_preference" text DEFAULT '' NOT NULL,
	"trip_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"country_id" integer,
	"location_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"travelers" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'planning' NOT NULL,
	"budget_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"trip_type" text,
	"traveler_id" integer NOT NULL,
	"expert_id" integer,
	"rating" smallint,
	"rating_comment" text DEFAULT '' NOT NULL,
	"rated_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"search_title" text GENERATED ALWAYS AS (meridian_search_key(title)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_dates_check" CHECK ("trips"."end_date" >= "trips"."start_date"),
	CONSTRAINT "trips_travelers_check" CHECK ("trips"."travelers" >= 1),
	CONSTRAINT "trips_rating_check" CHECK ("trips"."rating" is null or "trips"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "traveler_experts" ADD CONSTRAINT "traveler_experts_traveler_id_users_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traveler_experts" ADD CONSTRAINT "traveler_experts_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traveler_experts" ADD CONSTRAINT "traveler_experts_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_assignments" ADD CONSTRAINT "trip_assignments_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_assignments" ADD CONSTRAINT "trip_assignments_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_assignments" ADD CONSTRAINT "trip_assignments_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_request_drafts" ADD CONSTRAINT "trip_request_drafts_traveler_id_users_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_requests" ADD CONSTRAINT "trip_requests_traveler_id_users_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_requests" ADD CONSTRAINT "trip_requests_destination_id_countries_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_requests" ADD CONSTRAINT "trip_requests_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_requests" ADD CONSTRAINT "trip_requests_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_status_history" ADD CONSTRAINT "trip_status_history_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_status_history" ADD CONSTRAINT "trip_status_history_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_traveler_id_users_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "traveler_experts_traveler_type_idx" ON "traveler_experts" USING btree ("traveler_id",coalesce("trip_type", '*'));--> statement-breakpoint
CREATE INDEX "traveler_experts_expert_idx" ON "traveler_experts" USING btree ("expert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_assignments_live_idx" ON "trip_assignments" USING btree ("trip_id") WHERE "trip_assignments"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "trip_assignments_trip_idx" ON "trip_assignments" USING btree ("trip_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trip_assignments_expert_queue_idx" ON "trip_assignments" USING btree ("expert_id","is_pending" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trip_assignments_expert_status_queue_idx" ON "trip_assignments" USING btree ("expert_id","status","is_pending" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trip_requests_traveler_created_idx" ON "trip_requests" USING btree ("traveler_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trip_requests_trip_idx" ON "trip_requests" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "trip_status_history_trip_idx" ON "trip_status_history" USING btree ("trip_id","created_at","id");--> statement-breakpoint
CREATE INDEX "trips_traveler_created_idx" ON "trips" USING btree ("traveler_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trips_traveler_status_created_idx" ON "trips" USING btree ("traveler_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trips_expert_created_idx" ON "trips" USING btree ("expert_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trips_expert_status_created_idx" ON "trips" USING btree ("expert_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trips_status_created_idx" ON "trips" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trips_created_idx" ON "trips" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trips_unassigned_created_idx" ON "trips" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "trips"."expert_id" is null and "trips"."status" in ('planning', 'booked');--> statement-breakpoint
CREATE INDEX "trips_search_title_trgm_idx" ON "trips" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trips_country_idx" ON "trips" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "trips_location_idx" ON "trips" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "trips_start_date_idx" ON "trips" USING btree ("start_date");