-- learner_total_counts in three levels, so one's rank is three short sums whatever the spread of
-- values (decision 012): kinds 1-3 count exact values, kinds 11-13 count values >> 8 (buckets of
-- 256) and kinds 21-23 values >> 16 (buckets of 65 536). A rank is 1 + the learners in the top
-- buckets above one's own + the middle buckets above one's own inside it + the exact values above
-- one's own inside that.
--
-- The counts are now kept per statement from its transition tables (one aggregate however many
-- rows a statement writes: a bulk load of 100 000 learners no longer makes 900 000 upserts), with
-- the deltas of all three levels sorted in one statement; a change inside a bucket nets to 0 there
-- and leaves the bucket row alone. PostgreSQL allows transition tables for one event per trigger,
-- hence three triggers on one function.
-- Each branch names only the transition tables its event has.
CREATE OR REPLACE FUNCTION "learner_totals_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "learner_total_counts" ("eid", "kind", "value", "n")
    SELECT d."eid", d."kind" + l."k", d."value" >> l."shift", sum(d."n")::int
    FROM (
      SELECT "eid", 1 AS "kind", "points" AS "value", 1 AS "n" FROM "new_rows"
      UNION ALL SELECT "eid", 2, "credit_tenths", 1 FROM "new_rows"
      UNION ALL SELECT "eid", 3, "certificates", 1 FROM "new_rows"
    ) d
    CROSS JOIN (VALUES (0, 0), (10, 8), (20, 16)) AS l("k", "shift")
    GROUP BY 1, 2, 3
    HAVING sum(d."n") <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("eid", "kind", "value") DO UPDATE SET "n" = "learner_total_counts"."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "learner_total_counts" ("eid", "kind", "value", "n")
    SELECT d."eid", d."kind" + l."k", d."value" >> l."shift", sum(d."n")::int
    FROM (
      SELECT "eid", 1 AS "kind", "points" AS "value", -1 AS "n" FROM "old_rows"
      UNION ALL SELECT "eid", 2, "credit_tenths", -1 FROM "old_rows"
      UNION ALL SELECT "eid", 3, "certificates", -1 FROM "old_rows"
    ) d
    CROSS JOIN (VALUES (0, 0), (10, 8), (20, 16)) AS l("k", "shift")
    GROUP BY 1, 2, 3
    HAVING sum(d."n") <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("eid", "kind", "value") DO UPDATE SET "n" = "learner_total_counts"."n" + excluded."n";
  ELSE
    INSERT INTO "learner_total_counts" ("eid", "kind", "value", "n")
    SELECT d."eid", d."kind" + l."k", d."value" >> l."shift", sum(d."n")::int
    FROM (
      SELECT "eid", 1 AS "kind", "points" AS "value", -1 AS "n" FROM "old_rows"
      UNION ALL SELECT "eid", 2, "credit_tenths", -1 FROM "old_rows"
      UNION ALL SELECT "eid", 3, "certificates", -1 FROM "old_rows"
      UNION ALL SELECT "eid", 1, "points", 1 FROM "new_rows"
      UNION ALL SELECT "eid", 2, "credit_tenths", 1 FROM "new_rows"
      UNION ALL SELECT "eid", 3, "certificates", 1 FROM "new_rows"
    ) d
    CROSS JOIN (VALUES (0, 0), (10, 8), (20, 16)) AS l("k", "shift")
    GROUP BY 1, 2, 3
    HAVING sum(d."n") <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("eid", "kind", "value") DO UPDATE SET "n" = "learner_total_counts"."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "learner_totals_count" ON "learner_totals";
--> statement-breakpoint
CREATE TRIGGER "learner_totals_count_insert" AFTER INSERT ON "learner_totals"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "learner_totals_count"();
--> statement-breakpoint
CREATE TRIGGER "learner_totals_count_update" AFTER UPDATE ON "learner_totals"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "learner_totals_count"();
--> statement-breakpoint
CREATE TRIGGER "learner_totals_count_delete" AFTER DELETE ON "learner_totals"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "learner_totals_count"();
--> statement-breakpoint
INSERT INTO "learner_total_counts" ("eid", "kind", "value", "n")
SELECT c."eid", c."kind" + l."k", c."value" >> l."shift", sum(c."n")::int
FROM "learner_total_counts" c
CROSS JOIN (VALUES (10, 8), (20, 16)) AS l("k", "shift")
WHERE c."kind" IN (1, 2, 3)
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3;
