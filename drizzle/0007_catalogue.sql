-- Accent- and case-insensitive search (pg_trgm and unaccent are trusted extensions; PGlite ships both as contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes this wrapper safe to index.
CREATE OR REPLACE FUNCTION meridian_search_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"continent" text NOT NULL,
	"capital" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"population" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_promoted_destination" boolean DEFAULT false NOT NULL,
	"destination_category" text,
	"why_visit" text DEFAULT '' NOT NULL,
	"highlights" text DEFAULT '' NOT NULL,
	"best_time_to_visit" text DEFAULT '' NOT NULL,
	"visa_requirements" text DEFAULT '' NOT NULL,
	"entry_requirements" text DEFAULT '' NOT NULL,
	"safety_info" text DEFAULT '' NOT NULL,
	"health_requirements" text DEFAULT '' NOT NULL,
	"local_customs" text DEFAULT '' NOT NULL,
	"tipping_guide" text DEFAULT '' NOT NULL,
	"transportation_overview" text DEFAULT '' NOT NULL,
	"travel_seasons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"emergency_contacts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"main_airports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"main_ports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_id" integer NOT NULL,
	"region_id" integer,
	"location_type" text DEFAULT 'city' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"timezone" text DEFAULT '' NOT NULL,
	"local_transportation" text DEFAULT '' NOT NULL,
	"traveler_tips" text DEFAULT '' NOT NULL,
	"best_time_to_visit" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"airport_code" text DEFAULT '' NOT NULL,
	"population" bigint,
	"search_name" text GENERATED ALWAYS AS (meridian_search_key(name)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"supplier_type" text DEFAULT 'other' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"contact_person" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state_province" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country_id" integer,
	"license_number" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"services_offered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"operating_locations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages_supported" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"payment_terms" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"external_api_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"api_sync_status" text DEFAULT 'not_synced' NOT NULL,
	"rating" numeric(3, 2) DEFAULT '0' NOT NULL,
	"total_reviews" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "countries_name_key" ON "countries" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "countries_continent_idx" ON "countries" USING btree ("continent");--> statement-breakpoint
CREATE INDEX "countries_code_idx" ON "countries" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_country_name_key" ON "locations" USING btree ("country_id",lower("name"));--> statement-breakpoint
CREATE INDEX "locations_name_idx" ON "locations" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "locations_region_id_idx" ON "locations" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "locations_type_idx" ON "locations" USING btree ("location_type");--> statement-breakpoint
CREATE INDEX "regions_country_name_idx" ON "regions" USING btree ("country_id","name");--> statement-breakpoint
CREATE INDEX "regions_code_idx" ON "regions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "suppliers_type_idx" ON "suppliers" USING btree ("supplier_type");--> statement-breakpoint
CREATE INDEX "suppliers_status_idx" ON "suppliers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "suppliers_country_id_idx" ON "suppliers" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "countries_name_trgm_idx" ON "countries" USING gin (meridian_search_key("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_search_name_trgm_idx" ON "locations" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_search_name_prefix_idx" ON "locations" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "suppliers_name_trgm_idx" ON "suppliers" USING gin (meridian_search_key("name") gin_trgm_ops);
