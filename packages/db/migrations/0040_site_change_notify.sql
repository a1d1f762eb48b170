-- Every process of the portal keeps the site's settings, navigation, zones, banners, links and
-- texts for a few seconds (they are read on every page), and visitors' whole answers and pages
-- with them. A change of one of these tables, by the back office or by hand in the database, tells
-- every process at once (NOTIFY on portal_changes when the transaction commits), so learners and
-- visitors see it on their next call (issue 21 item 4, decision 042). The payload is
-- "table:eid:id" (0 for tables keyed otherwise): a site's caches are forgotten per enterprise.
CREATE OR REPLACE FUNCTION portal_notify_site_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r jsonb := to_jsonb(coalesce(NEW, OLD));
BEGIN
  PERFORM pg_notify('portal_changes', TG_TABLE_NAME || ':' || (r ->> 'eid') || ':' || coalesce(r ->> 'id', '0'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS website_settings_notify_change ON "website_settings";
--> statement-breakpoint
CREATE TRIGGER website_settings_notify_change AFTER INSERT OR UPDATE OR DELETE ON "website_settings"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_site_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS nav_items_notify_change ON "nav_items";
--> statement-breakpoint
CREATE TRIGGER nav_items_notify_change AFTER INSERT OR UPDATE OR DELETE ON "nav_items"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_site_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS zones_notify_change ON "zones";
--> statement-breakpoint
CREATE TRIGGER zones_notify_change AFTER INSERT OR UPDATE OR DELETE ON "zones"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_site_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS banners_notify_change ON "banners";
--> statement-breakpoint
CREATE TRIGGER banners_notify_change AFTER INSERT OR UPDATE OR DELETE ON "banners"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_site_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sys_links_notify_change ON "sys_links";
--> statement-breakpoint
CREATE TRIGGER sys_links_notify_change AFTER INSERT OR UPDATE OR DELETE ON "sys_links"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_site_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS agreements_notify_change ON "agreements";
--> statement-breakpoint
CREATE TRIGGER agreements_notify_change AFTER INSERT OR UPDATE OR DELETE ON "agreements"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_site_change();
