CREATE TABLE "study_project_reminders" (
	"eid" integer NOT NULL,
	"project_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"announcement_id" integer NOT NULL,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_project_reminders_eid_project_id_account_id_day_pk" PRIMARY KEY("eid","project_id","account_id","day")
);
--> statement-breakpoint
ALTER TABLE "study_project_reminders" ADD CONSTRAINT "study_project_reminders_eid_project_id_study_projects_eid_id_fk" FOREIGN KEY ("eid","project_id") REFERENCES "public"."study_projects"("eid","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_project_reminders" ADD CONSTRAINT "study_project_reminders_eid_account_id_enterprise_users_eid_account_id_fk" FOREIGN KEY ("eid","account_id") REFERENCES "public"."enterprise_users"("eid","account_id") ON DELETE cascade ON UPDATE no action;