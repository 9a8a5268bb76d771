/**
 * Byte for byte the text Drizzle generates for packages/core/src/auth/load-actor.ts. The bench compares it
 * with what the app's connections last ran (pg_stat_activity) and warns when the two drift apart.
 */
export const LOAD_ACTOR_SQL = `select "users"."id", "users"."username", "users"."email", "users"."first_name", "users"."last_name", "users"."role_id", "roles"."name", "roles"."display_name", "roles"."description", coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = "users"."role_id"), '{}'), "users"."is_active", "users"."is_staff", "users"."is_superuser", "users"."profile_is_superadmin", "users"."last_login", "users"."date_joined", "users"."bio", "users"."phone_number", "users"."city", "users"."country", "users"."tokens_valid_after" from "users" inner join "roles" on "roles"."id" = "users"."role_id" where "users"."id" = $1`
