CREATE TABLE "exam_task_assignments" (
	"eid" integer NOT NULL,
	"task_id" integer NOT NULL,
	"target_type" integer NOT NULL,
	"target_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_task_assignments_eid_task_id_target_type_target_id_pk" PRIMARY KEY("eid","task_id","target_type","target_id")
);
--> statement-breakpoint
ALTER TABLE "exam_task_assignments" ADD CONSTRAINT "exam_task_assignments_eid_task_id_exam_tasks_eid_id_fk" FOREIGN KEY ("eid","task_id") REFERENCES "public"."exam_tasks"("eid","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_task_assignments_target_idx" ON "exam_task_assignments" USING btree ("eid","target_type","target_id","task_id");