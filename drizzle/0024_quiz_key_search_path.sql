-- The quiz answers' search key names the function it calls with its schema, as meridian_search_key does for
-- unaccent: pg_restore (and pg_dump's scripts) run with an empty search_path, where the unqualified call failed while
-- the quiz_submissions table was created, so a PostgreSQL dump of the database could not be restored. Same result.
CREATE OR REPLACE FUNCTION meridian_quiz_answers_key(jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(public.meridian_search_key(string_agg(value, ' ' ORDER BY key)), '') FROM jsonb_each_text($1) $$;
