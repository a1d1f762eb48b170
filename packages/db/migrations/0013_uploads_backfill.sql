-- Pictures saved before the uploads ledger existed: recorded as claimed by the person who uses
-- them, so they can be saved again and are released (and deleted) like any other when replaced.
INSERT INTO "uploads" ("key", "eid", "account_id", "size", "claimed_at")
SELECT substring("head_portrait" from 10), "eid", "account_id", 0, now()
FROM "enterprise_users"
WHERE "head_portrait" ~ '^/uploads/avatars/[0-9]+/[A-Za-z0-9_-]{16,64}\.(jpg|png|gif|webp|bmp)$'
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "uploads" ("key", "eid", "account_id", "size", "claimed_at")
SELECT "headshot", "eid", "account_id", 0, now()
FROM "enterprise_users"
WHERE "headshot" ~ '^private/[0-9]+/[A-Za-z0-9_-]{16,64}\.(jpg|png|gif|webp|bmp)$'
ON CONFLICT ("key") DO NOTHING;
