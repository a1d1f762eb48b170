-- learner_total_counts, kept by deltas: only the kinds whose value changed are touched (most
-- learners share the 0-value rows: touching them on every update queued every writer of totals
-- behind the others), in one statement sorted by (eid, kind, value) so that writers take the row
-- locks in the same order and cannot deadlock on them. TRUNCATE clears the counts too.
CREATE OR REPLACE FUNCTION "learner_totals_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "learner_total_counts" ("eid", "kind", "value", "n")
  SELECT d."eid", d."kind", d."value", sum(d."n")::int
  FROM (
    SELECT OLD."eid" AS "eid", 1 AS "kind", OLD."points" AS "value", -1 AS "n" WHERE TG_OP <> 'INSERT'
    UNION ALL SELECT OLD."eid", 2, OLD."credit_tenths", -1 WHERE TG_OP <> 'INSERT'
    UNION ALL SELECT OLD."eid", 3, OLD."certificates", -1 WHERE TG_OP <> 'INSERT'
    UNION ALL SELECT NEW."eid", 1, NEW."points", 1 WHERE TG_OP <> 'DELETE'
    UNION ALL SELECT NEW."eid", 2, NEW."credit_tenths", 1 WHERE TG_OP <> 'DELETE'
    UNION ALL SELECT NEW."eid", 3, NEW."certificates", 1 WHERE TG_OP <> 'DELETE'
  ) d
  GROUP BY d."eid", d."kind", d."value"
  HAVING sum(d."n") <> 0
  ORDER BY d."eid", d."kind", d."value"
  ON CONFLICT ("eid", "kind", "value") DO UPDATE SET "n" = "learner_total_counts"."n" + excluded."n";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "learner_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "learner_total_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "learner_totals_truncated" AFTER TRUNCATE ON "learner_totals"
FOR EACH STATEMENT EXECUTE FUNCTION "learner_totals_truncated"();
