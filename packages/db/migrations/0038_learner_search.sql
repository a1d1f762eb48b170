-- The back office's learner search (decision 037): a part of the name, nickname, employee number
-- or phone, answered from trigram indexes rather than a scan of every member. pg_trgm is created
-- by 0021. Written to be re-applied (IF NOT EXISTS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enterprise_users_search_trgm_idx" ON "enterprise_users"
  USING gin ("real_name" gin_trgm_ops, "user_name" gin_trgm_ops, (coalesce("employee_no", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounts_phone_trgm_idx" ON "accounts" USING gin ("phone" gin_trgm_ops);
