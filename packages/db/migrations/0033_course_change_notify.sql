-- Every process of the portal keeps a course's rules and its periods' facts for a few seconds
-- (the progress reports read them on every call). A change of a course or a period, by the back
-- office or by hand in the database, tells every process at once (NOTIFY on portal_changes, sent
-- when the transaction commits), so none keeps playing a course that was unpublished
-- (issue 19, item 10). The payload is "table:eid:course id"; the trigger's argument names the
-- column holding the course's id.
CREATE OR REPLACE FUNCTION portal_notify_course_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r jsonb := to_jsonb(coalesce(NEW, OLD));
BEGIN
  -- A new learner of a course counts itself in: no rule changed, nothing to forget.
  IF TG_OP = 'UPDATE' AND to_jsonb(OLD) - 'learner_count' = r - 'learner_count' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('portal_changes', TG_TABLE_NAME || ':' || (r ->> 'eid') || ':' || (r ->> TG_ARGV[0]));
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[0]) IS DISTINCT FROM (r ->> TG_ARGV[0]) THEN
    PERFORM pg_notify('portal_changes', TG_TABLE_NAME || ':' || (to_jsonb(OLD) ->> 'eid') || ':' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS courses_notify_change ON "courses";
--> statement-breakpoint
CREATE TRIGGER courses_notify_change AFTER INSERT OR UPDATE OR DELETE ON "courses"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_course_change('id');
--> statement-breakpoint
DROP TRIGGER IF EXISTS course_periods_notify_change ON "course_periods";
--> statement-breakpoint
CREATE TRIGGER course_periods_notify_change AFTER INSERT OR UPDATE OR DELETE ON "course_periods"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_course_change('course_id');
