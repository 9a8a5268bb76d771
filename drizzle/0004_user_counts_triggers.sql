-- Head counts per role, active flag and staff flag, kept in step with users by triggers (see schema/users.ts).
CREATE FUNCTION "user_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "user_counts" SET "count" = "count" - 1
    WHERE "role_id" = OLD."role_id" AND "is_active" = OLD."is_active" AND "is_staff" = (OLD."is_staff" OR OLD."is_superuser");
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "user_counts" ("role_id", "is_active", "is_staff", "count")
    VALUES (NEW."role_id", NEW."is_active", NEW."is_staff" OR NEW."is_superuser", 1)
    ON CONFLICT ("role_id", "is_active", "is_staff") DO UPDATE SET "count" = "user_counts"."count" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "user_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "user_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_count_insert_delete" AFTER INSERT OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "user_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_count_update" AFTER UPDATE OF "role_id", "is_active", "is_staff", "is_superuser" ON "users"
  FOR EACH ROW
  WHEN (OLD."role_id" IS DISTINCT FROM NEW."role_id" OR OLD."is_active" IS DISTINCT FROM NEW."is_active"
        OR (OLD."is_staff" OR OLD."is_superuser") IS DISTINCT FROM (NEW."is_staff" OR NEW."is_superuser"))
  EXECUTE FUNCTION "user_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_count_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_reset"();
--> statement-breakpoint
INSERT INTO "user_counts" ("role_id", "is_active", "is_staff", "count")
SELECT "role_id", "is_active", "is_staff" OR "is_superuser", count(*)::int FROM "users" GROUP BY 1, 2, 3;
