CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'adventure' NOT NULL,
	"difficulty" text DEFAULT 'easy' NOT NULL,
	"experience_type" text DEFAULT 'guided' NOT NULL,
	"supplier_id" integer,
	"supplier_name" text DEFAULT '' NOT NULL,
	"pricing_model" text DEFAULT 'tiered' NOT NULL,
	"currency_id" integer NOT NULL,
	"fixed_price" numeric(12, 2),
	"duration_hours" numeric(5, 1) DEFAULT '3' NOT NULL,
	"duration_description" text DEFAULT '' NOT NULL,
	"days_of_week" jsonb DEFAULT '[1,2,3,4,5,6,7]'::jsonb NOT NULL,
	"location_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"included_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_age" integer,
	"max_age" integer,
	"equipment_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bring_yourself" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag_weights" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"includes_text" text DEFAULT '' NOT NULL,
	"excludes_text" text DEFAULT '' NOT NULL,
	"max_participants" integer,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"requires_waiver" boolean DEFAULT false NOT NULL,
	"instant_confirmation" boolean DEFAULT true NOT NULL,
	"cancellation_policy" text DEFAULT '' NOT NULL,
	"equipment_provided" boolean DEFAULT false NOT NULL,
	"season_dependent" boolean DEFAULT false NOT NULL,
	"booking_required" boolean DEFAULT true NOT NULL,
	"search_name" text GENERATED ALWAYS AS (meridian_search_key(name)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_pricing_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"min_quantity" integer NOT NULL,
	"max_quantity" integer,
	"price_per_unit" numeric(12, 2) NOT NULL,
	"fixed_price" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_tags" (
	"activity_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_tags_activity_id_tag_id_pk" PRIMARY KEY("activity_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_pricing_tiers" ADD CONSTRAINT "activity_pricing_tiers_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_tags" ADD CONSTRAINT "activity_tags_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_tags" ADD CONSTRAINT "activity_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_created_idx" ON "activities" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_category_idx" ON "activities" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_difficulty_idx" ON "activities" USING btree ("difficulty","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_supplier_idx" ON "activities" USING btree ("supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_location_idx" ON "activities" USING btree ("location_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_country_idx" ON "activities" USING btree ("country_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_featured_idx" ON "activities" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activities"."is_featured";--> statement-breakpoint
CREATE INDEX "activities_currency_idx" ON "activities" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "activities_stats_idx" ON "activities" USING btree ("category","difficulty","is_active","is_featured","supplier_id","country_id","location_id");--> statement-breakpoint
CREATE INDEX "activity_pricing_tiers_activity_idx" ON "activity_pricing_tiers" USING btree ("activity_id","position");--> statement-breakpoint
CREATE INDEX "activity_tags_tag_idx" ON "activity_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_key" ON "tags" USING btree (lower("name"));--> statement-breakpoint
-- Search on the activity name: a prefix index for one or two letters, a trigram index for longer text (as locations).
CREATE INDEX "activities_search_name_prefix_idx" ON "activities" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "activities_search_name_trgm_idx" ON "activities" USING gin ("search_name" gin_trgm_ops);
