CREATE TABLE "learner_total_counts" (
	"eid" integer NOT NULL,
	"kind" integer NOT NULL,
	"value" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "learner_total_counts_eid_kind_value_pk" PRIMARY KEY("eid","kind","value")
);
--> statement-breakpoint
ALTER TABLE "learner_total_counts" ADD CONSTRAINT "learner_total_counts_eid_enterprises_eid_fk" FOREIGN KEY ("eid") REFERENCES "public"."enterprises"("eid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "learner_total_counts" ("eid", "kind", "value", "n")
SELECT "eid", 1, "points", count(*) FROM "learner_totals" GROUP BY "eid", "points"
UNION ALL SELECT "eid", 2, "credit_tenths", count(*) FROM "learner_totals" GROUP BY "eid", "credit_tenths"
UNION ALL SELECT "eid", 3, "certificates", count(*) FROM "learner_totals" GROUP BY "eid", "certificates";
--> statement-breakpoint
-- Keeps learner_total_counts in step with learner_totals: the old values counted out, the new in.
CREATE FUNCTION "learner_totals_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "learner_total_counts" SET "n" = "n" - 1
    WHERE "eid" = OLD."eid"
      AND ("kind", "value") IN ((1, OLD."points"), (2, OLD."credit_tenths"), (3, OLD."certificates"));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "learner_total_counts" ("eid", "kind", "value", "n")
    VALUES (NEW."eid", 1, NEW."points", 1), (NEW."eid", 2, NEW."credit_tenths", 1), (NEW."eid", 3, NEW."certificates", 1)
    ON CONFLICT ("eid", "kind", "value") DO UPDATE SET "n" = "learner_total_counts"."n" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "learner_totals_count" AFTER INSERT OR UPDATE OR DELETE ON "learner_totals"
FOR EACH ROW EXECUTE FUNCTION "learner_totals_count"();
