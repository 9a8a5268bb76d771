CREATE TABLE "booking_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"booking_id" integer NOT NULL,
	"line_id" integer DEFAULT 0 NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"deposit_percent" numeric(5, 2) DEFAULT '30',
	"deposit_amount" numeric(14, 2),
	"deposit_due" text DEFAULT 'acceptance' NOT NULL,
	"balance_days" integer DEFAULT 42 NOT NULL,
	"cancellation_terms" jsonb DEFAULT '{"steps":[{"days_before":30,"percent":"25","amount":null},{"days_before":14,"percent":"100","amount":null}]}'::jsonb NOT NULL,
	"reminder_days" jsonb DEFAULT '[7,1]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_singleton" CHECK ("booking_settings"."id" = 1),
	CONSTRAINT "booking_settings_deposit_check" CHECK ("booking_settings"."deposit_percent" is null or "booking_settings"."deposit_percent" between 0 and 100),
	CONSTRAINT "booking_settings_balance_check" CHECK ("booking_settings"."balance_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "payment_schedule_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"paid_at" timestamp with time zone,
	"waived_at" timestamp with time zone,
	"waived_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_schedule_lines_amount_check" CHECK ("payment_schedule_lines"."amount" >= 0)
);
--> statement-breakpoint
DROP INDEX "payments_booking_settled_key";--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "schedule_terms" jsonb;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "cancellation_terms" jsonb;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "time_zone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "cancellation_terms" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "schedule_terms" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_terms" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "policy_time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "free_cancel_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_owed" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_confirmation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "package_reference" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rebooked_from_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "schedule_line_id" integer;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedule_lines" ADD CONSTRAINT "payment_schedule_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedule_lines" ADD CONSTRAINT "payment_schedule_lines_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_reminders_once_key" ON "booking_reminders" USING btree ("kind","booking_id","line_id","days_before");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_schedule_lines_position_key" ON "payment_schedule_lines" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "payment_schedule_lines_open_idx" ON "payment_schedule_lines" USING btree ("due_on","id") WHERE "payment_schedule_lines"."status" in ('due', 'overdue');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rebooked_from_id_bookings_id_fk" FOREIGN KEY ("rebooked_from_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_schedule_line_id_payment_schedule_lines_id_fk" FOREIGN KEY ("schedule_line_id") REFERENCES "public"."payment_schedule_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_package_idx" ON "bookings" USING btree ("package_reference") WHERE "bookings"."package_reference" is not null;--> statement-breakpoint
CREATE INDEX "bookings_free_cancel_idx" ON "bookings" USING btree ("free_cancel_until") WHERE "bookings"."status" <> 'cancelled' and "bookings"."free_cancel_until" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_line_settled_key" ON "payments" USING btree ("booking_id",coalesce("schedule_line_id", 0)) WHERE "payments"."status" in ('succeeded', 'refunded', 'refund_due');--> statement-breakpoint
CREATE INDEX "payments_line_idx" ON "payments" USING btree ("schedule_line_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_fee_check" CHECK ("bookings"."cancellation_fee" is null or "bookings"."cancellation_fee" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_owed_check" CHECK ("bookings"."refund_owed" is null or "bookings"."refund_owed" >= 0);--> statement-breakpoint
INSERT INTO "booking_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Priced bookings made before schedules: one line of the whole amount, due the day they were made; paid if they
-- were, waived if they were cancelled unpaid.
INSERT INTO "payment_schedule_lines" ("booking_id", "position", "kind", "amount", "currency", "due_on", "status", "paid_at")
SELECT b."id", 1, 'full', b."amount", b."currency", (b."created_at" AT TIME ZONE 'UTC')::date,
  CASE WHEN b."payment_state" <> 'unpaid' THEN 'paid' WHEN b."status" = 'cancelled' THEN 'waived' ELSE 'due' END,
  CASE WHEN b."payment_state" = 'unpaid' THEN NULL ELSE b."updated_at" END
FROM "bookings" b WHERE b."amount" > 0 OR b."payment_state" <> 'unpaid';--> statement-breakpoint
UPDATE "payments" p SET "schedule_line_id" = l."id" FROM "payment_schedule_lines" l WHERE l."booking_id" = p."booking_id" AND l."position" = 1;--> statement-breakpoint
-- The legs of a multi-city itinerary and the bookings of an accepted proposal are paid and cancelled together.
UPDATE "bookings" SET "package_reference" = "details"->'itinerary'->>'reference' WHERE "details"->'itinerary'->>'reference' IS NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "package_reference" = 'P-' || ("details"->'proposal'->>'id') WHERE "package_reference" IS NULL AND "details"->'proposal'->>'id' IS NOT NULL;
