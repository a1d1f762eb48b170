CREATE TABLE "course_tags" (
	"eid" integer NOT NULL,
	"course_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "course_tags_eid_course_id_tag_id_pk" PRIMARY KEY("eid","course_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "visitor_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "course_tags" ADD CONSTRAINT "course_tags_eid_course_id_courses_eid_id_fk" FOREIGN KEY ("eid","course_id") REFERENCES "public"."courses"("eid","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tags" ADD CONSTRAINT "course_tags_eid_tag_id_tags_eid_id_fk" FOREIGN KEY ("eid","tag_id") REFERENCES "public"."tags"("eid","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_updated_idx" ON "courses" USING btree ("eid","updated_at" DESC NULLS LAST,"id");