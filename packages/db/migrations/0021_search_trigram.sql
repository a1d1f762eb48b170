-- Keyword search (issue 4, decision 017): trigram indexes for ILIKE '%keyword%' over course and
-- news titles and summaries and lecturer names. pg_trgm ships with PostgreSQL (contrib) and with
-- the embedded server, and is a trusted extension (a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "courses_title_trgm_idx" ON "courses" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "courses_summary_trgm_idx" ON "courses" USING gin ("summary" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "news_title_trgm_idx" ON "news" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "news_summary_trgm_idx" ON "news" USING gin ("summary" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lecturers_name_trgm_idx" ON "lecturers" USING gin ("name" gin_trgm_ops);
