-- The back office renames, reorders and deletes chapters (decision 039): a chapter's change is a
-- change of its course, announced like the course's and its periods' (migration 0033's function;
-- the payload names the course), so every process forgets what it keeps of the course at once.
DROP TRIGGER IF EXISTS course_chapters_notify_change ON "course_chapters";
--> statement-breakpoint
CREATE TRIGGER course_chapters_notify_change AFTER INSERT OR UPDATE OR DELETE ON "course_chapters"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_course_change('course_id');
