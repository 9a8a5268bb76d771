CREATE TABLE "user_counts" (
	"role_id" integer NOT NULL,
	"is_active" boolean NOT NULL,
	"is_staff" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_role_id_is_active_is_staff_pk" PRIMARY KEY("role_id","is_active","is_staff")
);
--> statement-breakpoint
ALTER TABLE "user_counts" ADD CONSTRAINT "user_counts_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_date_joined_idx" ON "users" USING btree ("date_joined");