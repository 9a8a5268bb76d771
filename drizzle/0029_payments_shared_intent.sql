DROP INDEX "payments_intent_key";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_intent_key" ON "payments" USING btree ("provider","intent_id","booking_id",coalesce("schedule_line_id", 0));