-- Who approved an itinerary's approved version, and when (the traveler reads them with the plan). Earlier approvals
-- keep both empty.
ALTER TABLE "itineraries" ADD COLUMN "approved_by_id" integer;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;