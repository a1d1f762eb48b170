-- The back office's learner search for one- and two-character keywords (decision 037): a trigram
-- index cannot answer them (a Chinese name such as 王伟 has no three-character part), so a scan
-- of every member's name took 30-300 ms at 100 000 members. Each member's name, nickname and
-- employee number are indexed by all their one- and two-character parts, lower-cased; a short
-- keyword is then one array lookup. Written to be re-applied.
CREATE OR REPLACE FUNCTION learner_short_grams(a text, b text, c text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT g), '{}')
      FROM (SELECT substr(lower(p), i, n) AS g
              FROM unnest(ARRAY[a, b, c]) AS p, generate_series(1, 2) AS n,
                   generate_series(1, greatest(length(p) - n + 1, 0)) AS i) AS parts
     WHERE g IS NOT NULL AND g <> ''
  $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enterprise_users_short_grams_idx" ON "enterprise_users"
  USING gin (learner_short_grams("real_name", "user_name", coalesce("employee_no", '')));
