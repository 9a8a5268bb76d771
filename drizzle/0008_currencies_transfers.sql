CREATE TABLE "conversion_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_currency_id" integer NOT NULL,
	"to_currency_id" integer NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"effective_date" date NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversion_rates_rate_check" CHECK ("conversion_rates"."rate" > 0),
	CONSTRAINT "conversion_rates_pair_check" CHECK ("conversion_rates"."from_currency_id" <> "conversion_rates"."to_currency_id")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_base_currency" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"countries" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_code_check" CHECK ("currencies"."code" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "currency_conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_currency_id" integer NOT NULL,
	"to_currency_id" integer NOT NULL,
	"amount" numeric NOT NULL,
	"converted_amount" numeric NOT NULL,
	"rate" numeric NOT NULL,
	"margin_percentage" numeric(5, 2) NOT NULL,
	"decimal_places" integer NOT NULL,
	"path" text NOT NULL,
	"rate_date" date NOT NULL,
	"rates_used" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"global_margin_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"auto_update_rates" boolean DEFAULT false NOT NULL,
	"external_api_provider" text DEFAULT '' NOT NULL,
	"provider_url" text DEFAULT '' NOT NULL,
	"default_decimal_places" integer DEFAULT 2 NOT NULL,
	"show_currency_symbols" boolean DEFAULT true NOT NULL,
	"last_rate_update_at" timestamp with time zone,
	"last_rate_update_message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_settings_singleton" CHECK ("currency_settings"."id" = 1),
	CONSTRAINT "currency_settings_margin_check" CHECK ("currency_settings"."global_margin_percentage" between 0 and 50),
	CONSTRAINT "currency_settings_places_check" CHECK ("currency_settings"."default_decimal_places" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'speedboat' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"from_country_id" integer,
	"to_country_id" integer,
	"from_location_id" integer,
	"to_location_id" integer,
	"duration" text DEFAULT '' NOT NULL,
	"routes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pricing" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"schedules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversion_rates" ADD CONSTRAINT "conversion_rates_from_currency_id_currencies_id_fk" FOREIGN KEY ("from_currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_rates" ADD CONSTRAINT "conversion_rates_to_currency_id_currencies_id_fk" FOREIGN KEY ("to_currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_rates" ADD CONSTRAINT "conversion_rates_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_conversions" ADD CONSTRAINT "currency_conversions_from_currency_id_currencies_id_fk" FOREIGN KEY ("from_currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_conversions" ADD CONSTRAINT "currency_conversions_to_currency_id_currencies_id_fk" FOREIGN KEY ("to_currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_conversions" ADD CONSTRAINT "currency_conversions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_country_id_countries_id_fk" FOREIGN KEY ("from_country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_country_id_countries_id_fk" FOREIGN KEY ("to_country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_location_id_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_rates_pair_date_key" ON "conversion_rates" USING btree ("from_currency_id","to_currency_id","effective_date");--> statement-breakpoint
CREATE INDEX "conversion_rates_to_idx" ON "conversion_rates" USING btree ("to_currency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code_key" ON "currencies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_one_base_key" ON "currencies" USING btree ("is_base_currency") WHERE "currencies"."is_base_currency";--> statement-breakpoint
CREATE INDEX "currencies_order_idx" ON "currencies" USING btree ("display_order","code");--> statement-breakpoint
CREATE INDEX "currency_conversions_created_idx" ON "currency_conversions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transfers_type_idx" ON "transfers" USING btree ("type");--> statement-breakpoint
CREATE INDEX "transfers_from_country_idx" ON "transfers" USING btree ("from_country_id");--> statement-breakpoint
CREATE INDEX "transfers_to_country_idx" ON "transfers" USING btree ("to_country_id");--> statement-breakpoint
CREATE INDEX "transfers_from_location_idx" ON "transfers" USING btree ("from_location_id");--> statement-breakpoint
CREATE INDEX "transfers_to_location_idx" ON "transfers" USING btree ("to_location_id");--> statement-breakpoint
INSERT INTO "currency_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
