CREATE TABLE "password_reset_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip_address" text NOT NULL,
	"mailed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "sign_in_attempts_user_ip_created_idx";--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ALTER COLUMN "succeeded" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD COLUMN "account_key" text;--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD COLUMN "user_id" integer;--> statement-breakpoint
-- Earlier attempts were keyed by the text typed: give them the account it names, so addresses the owner signed in from stay known.
UPDATE "sign_in_attempts" s SET "user_id" = (
	SELECT u."id" FROM "users" u WHERE lower(u."username") = s."username" OR lower(u."email") = s."username"
	ORDER BY lower(u."username") = s."username" DESC LIMIT 1
);--> statement-breakpoint
UPDATE "sign_in_attempts" SET "account_key" = CASE WHEN "user_id" IS NULL THEN 'name:' || "username" ELSE 'user:' || "user_id" END;--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ALTER COLUMN "account_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "password_reset_requests_email_created_idx" ON "password_reset_requests" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_requests_ip_created_idx" ON "password_reset_requests" USING btree ("ip_address","created_at");--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD CONSTRAINT "sign_in_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_attempts_key_ip_created_idx" ON "sign_in_attempts" USING btree ("account_key","ip_address","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_key_created_idx" ON "sign_in_attempts" USING btree ("account_key","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_known_address_idx" ON "sign_in_attempts" USING btree ("user_id","ip_address","created_at") WHERE "sign_in_attempts"."succeeded";