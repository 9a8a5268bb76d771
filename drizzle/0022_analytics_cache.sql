CREATE TABLE "analytics_reports" (
	"period" text PRIMARY KEY NOT NULL,
	"report" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "trip_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_confirmed_traveler_idx" ON "bookings" USING btree ("traveler_id","created_at") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "payments_received_idx" ON "payments" USING btree ("confirmed_at") WHERE "payments"."status" = 'succeeded';--> statement-breakpoint
UPDATE "payments" p SET "trip_id" = b."trip_id" FROM "bookings" b WHERE b."id" = p."booking_id" AND b."trip_id" IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION meridian_payment_trip() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."trip_id" := (SELECT b."trip_id" FROM "bookings" b WHERE b."id" = NEW."booking_id");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_trip" BEFORE INSERT OR UPDATE OF "booking_id" ON "payments" FOR EACH ROW EXECUTE FUNCTION meridian_payment_trip();
