CREATE TABLE "announcement_recipients" (
	"eid" integer NOT NULL,
	"announcement_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "announcement_recipients_eid_announcement_id_account_id_pk" PRIMARY KEY("eid","announcement_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "study_task_reminders" (
	"eid" integer NOT NULL,
	"task_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"announcement_id" integer NOT NULL,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_task_reminders_eid_task_id_account_id_day_pk" PRIMARY KEY("eid","task_id","account_id","day")
);
--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_eid_announcement_id_announcements_eid_id_fk" FOREIGN KEY ("eid","announcement_id") REFERENCES "public"."announcements"("eid","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_eid_account_id_enterprise_users_eid_account_id_fk" FOREIGN KEY ("eid","account_id") REFERENCES "public"."enterprise_users"("eid","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_task_reminders" ADD CONSTRAINT "study_task_reminders_eid_task_id_study_tasks_eid_id_fk" FOREIGN KEY ("eid","task_id") REFERENCES "public"."study_tasks"("eid","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_task_reminders" ADD CONSTRAINT "study_task_reminders_eid_account_id_enterprise_users_eid_account_id_fk" FOREIGN KEY ("eid","account_id") REFERENCES "public"."enterprise_users"("eid","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_recipients_mine_idx" ON "announcement_recipients" USING btree ("eid","account_id","announcement_id");