CREATE TABLE "proposal_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"itinerary_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"thread_id" integer,
	"item_key" text,
	"author_id" integer,
	"body" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"itinerary_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"round" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"expires_on" date NOT NULL,
	"currency" text NOT NULL,
	"plan" jsonb NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"included" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"not_included" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_by_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	"changes_requested_at" timestamp with time zone,
	"changes_message" text DEFAULT '' NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_id" integer,
	"accepted" jsonb,
	"accepted_total" numeric(16, 2),
	CONSTRAINT "proposals_round_check" CHECK ("proposals"."round" >= 1)
);
--> statement-breakpoint
ALTER TABLE "itinerary_items" ADD COLUMN "flight_id" integer;--> statement-breakpoint
ALTER TABLE "itinerary_items" ADD COLUMN "option_group" text;--> statement-breakpoint
ALTER TABLE "itinerary_items" ADD COLUMN "recommended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_comments" ADD CONSTRAINT "proposal_comments_itinerary_id_itineraries_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itineraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_comments" ADD CONSTRAINT "proposal_comments_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_comments" ADD CONSTRAINT "proposal_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_comments" ADD CONSTRAINT "proposal_comments_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_itinerary_id_itineraries_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itineraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_comments_itinerary_idx" ON "proposal_comments" USING btree ("itinerary_id","id");--> statement-breakpoint
CREATE INDEX "proposal_comments_thread_idx" ON "proposal_comments" USING btree ("thread_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_round_key" ON "proposals" USING btree ("itinerary_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_accepted_key" ON "proposals" USING btree ("itinerary_id") WHERE "proposals"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "proposals_trip_idx" ON "proposals" USING btree ("trip_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposals_sent_idx" ON "proposals" USING btree ("sent_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "itinerary_items" ADD CONSTRAINT "itinerary_items_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "itinerary_items_flight_idx" ON "itinerary_items" USING btree ("flight_id");