DROP INDEX "users_role_id_idx";--> statement-breakpoint
DROP INDEX "users_date_joined_idx";--> statement-breakpoint
DROP INDEX "media_items_created_idx";--> statement-breakpoint
DROP INDEX "countries_continent_idx";--> statement-breakpoint
DROP INDEX "locations_region_id_idx";--> statement-breakpoint
DROP INDEX "locations_type_idx";--> statement-breakpoint
DROP INDEX "suppliers_type_idx";--> statement-breakpoint
DROP INDEX "suppliers_status_idx";--> statement-breakpoint
DROP INDEX "suppliers_country_id_idx";--> statement-breakpoint
DROP INDEX "conversion_rates_to_idx";--> statement-breakpoint
DROP INDEX "transfers_type_idx";--> statement-breakpoint
DROP INDEX "transfers_from_country_idx";--> statement-breakpoint
DROP INDEX "transfers_to_country_idx";--> statement-breakpoint
DROP INDEX "media_items_object_idx";--> statement-breakpoint
DROP INDEX "media_items_status_idx";--> statement-breakpoint
DROP INDEX "currencies_order_idx";--> statement-breakpoint
DROP INDEX "activities_featured_idx";--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (meridian_search_key("suppliers"."name" || ' ' || "suppliers"."company_name" || ' ' || "suppliers"."contact_person" || ' ' || "suppliers"."email" || ' ' || "suppliers"."city")) STORED;--> statement-breakpoint
ALTER TABLE "conversion_rates" ADD COLUMN "from_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversion_rates" ADD COLUMN "to_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_joined_idx" ON "users" USING btree ("date_joined" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_role_joined_idx" ON "users" USING btree ("role_id","date_joined" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_active_joined_idx" ON "users" USING btree ("is_active","date_joined" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_staff_joined_idx" ON "users" USING btree ("is_staff","date_joined" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "media_items_list_idx" ON "media_items" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "media_items"."status" <> 'uploading';--> statement-breakpoint
CREATE INDEX "media_items_type_idx" ON "media_items" USING btree ("media_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "media_items"."status" <> 'uploading';--> statement-breakpoint
CREATE INDEX "media_items_title_trgm_idx" ON "media_items" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "media_items_description_trgm_idx" ON "media_items" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "media_items_filename_trgm_idx" ON "media_items" USING gin ("original_filename" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "countries_name_idx" ON "countries" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "countries_continent_name_idx" ON "countries" USING btree ("continent","name","id");--> statement-breakpoint
CREATE INDEX "countries_category_name_idx" ON "countries" USING btree ("destination_category","name","id");--> statement-breakpoint
CREATE INDEX "countries_active_name_idx" ON "countries" USING btree ("is_active","name","id");--> statement-breakpoint
CREATE INDEX "countries_promoted_name_idx" ON "countries" USING btree ("is_promoted_destination","name","id");--> statement-breakpoint
CREATE INDEX "countries_destinations_idx" ON "countries" USING btree ((not "is_promoted_destination"),"name","id","is_promoted_destination") WHERE "countries"."is_active";--> statement-breakpoint
CREATE INDEX "locations_country_name_idx" ON "locations" USING btree ("country_id","name","id");--> statement-breakpoint
CREATE INDEX "locations_region_name_idx" ON "locations" USING btree ("region_id","name","id");--> statement-breakpoint
CREATE INDEX "locations_type_name_idx" ON "locations" USING btree ("location_type","name","id");--> statement-breakpoint
CREATE INDEX "locations_active_name_idx" ON "locations" USING btree ("is_active","name","id");--> statement-breakpoint
CREATE INDEX "locations_featured_name_idx" ON "locations" USING btree ("is_featured","name","id");--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "suppliers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "suppliers_type_name_idx" ON "suppliers" USING btree ("supplier_type","name","id");--> statement-breakpoint
CREATE INDEX "suppliers_status_name_idx" ON "suppliers" USING btree ("status","name","id");--> statement-breakpoint
CREATE INDEX "suppliers_verified_name_idx" ON "suppliers" USING btree ("verified","name","id");--> statement-breakpoint
CREATE INDEX "suppliers_country_name_idx" ON "suppliers" USING btree ("country_id","name","id");--> statement-breakpoint
CREATE INDEX "suppliers_search_trgm_idx" ON "suppliers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "conversion_rates_list_idx" ON "conversion_rates" USING btree ("from_code","to_code",(date '2000-01-01' - "effective_date"),(- "id"),"effective_date","id");--> statement-breakpoint
CREATE INDEX "conversion_rates_active_list_idx" ON "conversion_rates" USING btree ("is_active","from_code","to_code",(date '2000-01-01' - "effective_date"),(- "id"),"effective_date","id");--> statement-breakpoint
CREATE INDEX "conversion_rates_from_list_idx" ON "conversion_rates" USING btree ("from_currency_id","from_code","to_code",(date '2000-01-01' - "effective_date"),(- "id"),"effective_date","id");--> statement-breakpoint
CREATE INDEX "conversion_rates_to_list_idx" ON "conversion_rates" USING btree ("to_currency_id","from_code","to_code",(date '2000-01-01' - "effective_date"),(- "id"),"effective_date","id");--> statement-breakpoint
CREATE INDEX "currencies_active_order_idx" ON "currencies" USING btree ("is_active","display_order","code","id");--> statement-breakpoint
CREATE INDEX "transfers_name_idx" ON "transfers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "transfers_type_name_idx" ON "transfers" USING btree ("type","name","id");--> statement-breakpoint
CREATE INDEX "transfers_from_country_name_idx" ON "transfers" USING btree ("from_country_id","name","id");--> statement-breakpoint
CREATE INDEX "transfers_to_country_name_idx" ON "transfers" USING btree ("to_country_id","name","id");--> statement-breakpoint
CREATE INDEX "transfers_active_name_idx" ON "transfers" USING btree ("is_active","name","id");--> statement-breakpoint
CREATE INDEX "transfers_name_trgm_idx" ON "transfers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "activities_active_idx" ON "activities" USING btree ("is_active","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_items_object_idx" ON "media_items" USING btree ("content_type","object_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_items_status_idx" ON "media_items" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "currencies_order_idx" ON "currencies" USING btree ("display_order","code","id");--> statement-breakpoint
CREATE INDEX "activities_featured_idx" ON "activities" USING btree ("is_featured","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The rates list is ordered by the pair's currency codes: conversion_rates keeps them (from_code, to_code), set
-- from currencies on every insert or change of the pair, and rewritten when a currency's code changes.
CREATE FUNCTION "conversion_rates_set_codes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."from_code" := (SELECT "code" FROM "currencies" WHERE "id" = NEW."from_currency_id");
  NEW."to_code" := (SELECT "code" FROM "currencies" WHERE "id" = NEW."to_currency_id");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conversion_rates_codes" BEFORE INSERT OR UPDATE OF "from_currency_id", "to_currency_id", "from_code", "to_code"
  ON "conversion_rates" FOR EACH ROW EXECUTE FUNCTION "conversion_rates_set_codes"();
--> statement-breakpoint
CREATE FUNCTION "currencies_code_to_rates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "conversion_rates" SET "from_code" = NEW."code" WHERE "from_currency_id" = NEW."id";
  UPDATE "conversion_rates" SET "to_code" = NEW."code" WHERE "to_currency_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "currencies_code_change" AFTER UPDATE OF "code" ON "currencies"
  FOR EACH ROW WHEN (OLD."code" IS DISTINCT FROM NEW."code") EXECUTE FUNCTION "currencies_code_to_rates"();
--> statement-breakpoint
UPDATE "conversion_rates" SET "from_code" = '';
