CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"booking_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_state" text DEFAULT 'unpaid' NOT NULL,
	"traveler_id" integer NOT NULL,
	"trip_id" integer,
	"flight_id" integer,
	"supplier_id" integer,
	"activity_id" integer,
	"itinerary_item_id" integer,
	"title" text NOT NULL,
	"service_date" date NOT NULL,
	"end_date" date,
	"party_size" integer DEFAULT 1 NOT NULL,
	"rooms" integer,
	"cabin_class" text,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (meridian_search_key(reference || ' ' || title)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_party_check" CHECK ("bookings"."party_size" >= 1),
	CONSTRAINT "bookings_rooms_check" CHECK ("bookings"."rooms" is null or "bookings"."rooms" >= 1),
	CONSTRAINT "bookings_amount_check" CHECK ("bookings"."amount" >= 0),
	CONSTRAINT "bookings_dates_check" CHECK ("bookings"."end_date" is null or "bookings"."end_date" >= "bookings"."service_date")
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" serial PRIMARY KEY NOT NULL,
	"airline_code" text NOT NULL,
	"airline_name" text NOT NULL,
	"flight_number" text NOT NULL,
	"aircraft" text DEFAULT '' NOT NULL,
	"departure_airport_id" integer NOT NULL,
	"arrival_airport_id" integer NOT NULL,
	"departure_at" timestamp with time zone NOT NULL,
	"arrival_at" timestamp with time zone NOT NULL,
	"cabin_class" text DEFAULT 'economy' NOT NULL,
	"stops" smallint DEFAULT 0 NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"seats_total" integer NOT NULL,
	"seats_left" integer NOT NULL,
	"amenities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rating" numeric(2, 1),
	"review_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flights_seats_check" CHECK ("flights"."seats_left" >= 0 and "flights"."seats_left" <= "flights"."seats_total"),
	CONSTRAINT "flights_times_check" CHECK ("flights"."arrival_at" > "flights"."departure_at"),
	CONSTRAINT "flights_airports_check" CHECK ("flights"."arrival_airport_id" <> "flights"."departure_airport_id"),
	CONSTRAINT "flights_price_check" CHECK ("flights"."price" >= 0),
	CONSTRAINT "flights_stops_check" CHECK ("flights"."stops" between 0 and 3),
	CONSTRAINT "flights_rating_check" CHECK ("flights"."rating" is null or "flights"."rating" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"provider" text NOT NULL,
	"intent_id" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requires_payment' NOT NULL,
	"method" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"refunded_at" timestamp with time zone,
	"refund_reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"country_id" integer,
	"supplier_id" integer,
	"activity_id" integer,
	"trip_id" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_target_check" CHECK (("wishlist_items"."item_type" = 'destination' and "wishlist_items"."country_id" is not null and "wishlist_items"."supplier_id" is null and "wishlist_items"."activity_id" is null and "wishlist_items"."trip_id" is null)
        or ("wishlist_items"."item_type" = 'hotel' and "wishlist_items"."supplier_id" is not null and "wishlist_items"."country_id" is null and "wishlist_items"."activity_id" is null and "wishlist_items"."trip_id" is null)
        or ("wishlist_items"."item_type" = 'activity' and "wishlist_items"."activity_id" is not null and "wishlist_items"."country_id" is null and "wishlist_items"."supplier_id" is null and "wishlist_items"."trip_id" is null)
        or ("wishlist_items"."item_type" = 'trip' and "wishlist_items"."trip_id" is not null and "wishlist_items"."country_id" is null and "wishlist_items"."supplier_id" is null and "wishlist_items"."activity_id" is null))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_traveler_id_users_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_itinerary_item_id_itinerary_items_id_fk" FOREIGN KEY ("itinerary_item_id") REFERENCES "public"."itinerary_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_departure_airport_id_locations_id_fk" FOREIGN KEY ("departure_airport_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_arrival_airport_id_locations_id_fk" FOREIGN KEY ("arrival_airport_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_key" ON "bookings" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "bookings_traveler_created_idx" ON "bookings" USING btree ("traveler_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_traveler_type_created_idx" ON "bookings" USING btree ("traveler_id","booking_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_type_created_idx" ON "bookings" USING btree ("booking_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_trip_idx" ON "bookings" USING btree ("trip_id","status");--> statement-breakpoint
CREATE INDEX "bookings_flight_idx" ON "bookings" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "bookings_supplier_idx" ON "bookings" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "bookings_activity_idx" ON "bookings" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "bookings_item_idx" ON "bookings" USING btree ("itinerary_item_id");--> statement-breakpoint
CREATE INDEX "bookings_search_trgm_idx" ON "bookings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "flights_offer_key" ON "flights" USING btree ("airline_code","flight_number","departure_at","cabin_class");--> statement-breakpoint
CREATE INDEX "flights_route_departure_idx" ON "flights" USING btree ("departure_airport_id","arrival_airport_id","departure_at");--> statement-breakpoint
CREATE INDEX "flights_departure_idx" ON "flights" USING btree ("departure_airport_id","departure_at");--> statement-breakpoint
CREATE INDEX "flights_arrival_idx" ON "flights" USING btree ("arrival_airport_id","departure_at");--> statement-breakpoint
CREATE INDEX "flights_departure_at_idx" ON "flights" USING btree ("departure_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_intent_key" ON "payments" USING btree ("provider","intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_booking_settled_key" ON "payments" USING btree ("booking_id") WHERE "payments"."status" in ('succeeded', 'refunded', 'refund_due');--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_created_by_idx" ON "payments" USING btree ("created_by","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wishlist_user_saved_idx" ON "wishlist_items" USING btree ("user_id","saved_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wishlist_user_type_saved_idx" ON "wishlist_items" USING btree ("user_id","item_type","saved_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_country_key" ON "wishlist_items" USING btree ("user_id","country_id") WHERE "wishlist_items"."country_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_supplier_key" ON "wishlist_items" USING btree ("user_id","supplier_id") WHERE "wishlist_items"."supplier_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_activity_key" ON "wishlist_items" USING btree ("user_id","activity_id") WHERE "wishlist_items"."activity_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_trip_key" ON "wishlist_items" USING btree ("user_id","trip_id") WHERE "wishlist_items"."trip_id" is not null;--> statement-breakpoint
CREATE INDEX "wishlist_supplier_idx" ON "wishlist_items" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "wishlist_activity_idx" ON "wishlist_items" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "wishlist_trip_idx" ON "wishlist_items" USING btree ("trip_id");