CREATE TABLE "announcement_departments" (
	"eid" integer NOT NULL,
	"announcement_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	CONSTRAINT "announcement_departments_eid_announcement_id_department_id_pk" PRIMARY KEY("eid","announcement_id","department_id")
);
--> statement-breakpoint
ALTER TABLE "announcement_comments" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_comments" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "study_task_comments" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement_departments" ADD CONSTRAINT "announcement_departments_eid_announcement_id_announcements_eid_id_fk" FOREIGN KEY ("eid","announcement_id") REFERENCES "public"."announcements"("eid","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_departments" ADD CONSTRAINT "announcement_departments_eid_department_id_departments_eid_id_fk" FOREIGN KEY ("eid","department_id") REFERENCES "public"."departments"("eid","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_comments_recent_idx" ON "announcement_comments" USING btree ("eid","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "course_comments_recent_idx" ON "course_comments" USING btree ("eid","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "online_messages_recent_idx" ON "online_messages" USING btree ("eid","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "study_task_comments_recent_idx" ON "study_task_comments" USING btree ("eid","created_at" DESC NULLS LAST,"id");