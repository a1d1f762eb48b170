DROP INDEX IF EXISTS "question_banks_title_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "question_banks_title_idx" ON "question_banks" USING btree ("eid",lower("title"));