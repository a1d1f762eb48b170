ALTER TABLE "exam_attempts" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "exam_attempts_marking_idx" ON "exam_attempts" USING btree ("eid","submitted_at","id") WHERE status = 2;