-- Keys become unique within an itinerary (saves upsert by key). A key repeated by an earlier save gets a suffix first.
UPDATE "itinerary_days" d SET "key" = substr(d."key", 1, 28) || '-' || d."id" WHERE EXISTS (SELECT 1 FROM "itinerary_days" e WHERE e."itinerary_id" = d."itinerary_id" AND e."key" = d."key" AND e."id" < d."id");--> statement-breakpoint
UPDATE "itinerary_items" i SET "key" = substr(i."key", 1, 28) || '-' || i."id" WHERE EXISTS (SELECT 1 FROM "itinerary_items" j WHERE j."itinerary_id" = i."itinerary_id" AND j."key" = i."key" AND j."id" < i."id");--> statement-breakpoint
DROP INDEX "itinerary_days_position_idx";--> statement-breakpoint
DROP INDEX "itinerary_items_position_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "itinerary_days_key_idx" ON "itinerary_days" USING btree ("itinerary_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "itinerary_items_key_idx" ON "itinerary_items" USING btree ("itinerary_id","key");--> statement-breakpoint
CREATE INDEX "itinerary_days_position_idx" ON "itinerary_days" USING btree ("itinerary_id","position");--> statement-breakpoint
CREATE INDEX "itinerary_items_position_idx" ON "itinerary_items" USING btree ("day_id","position");