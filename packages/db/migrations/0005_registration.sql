CREATE TABLE "positions" (
	"eid" integer NOT NULL,
	"path_no" text NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"category_type" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "positions_eid_path_no_pk" PRIMARY KEY("eid","path_no")
);
--> statement-breakpoint
CREATE TABLE "registration_fields" (
	"eid" integer NOT NULL,
	"grp" text NOT NULL,
	"field" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"show" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "registration_fields_eid_grp_field_pk" PRIMARY KEY("eid","grp","field")
);
--> statement-breakpoint
ALTER TABLE "enterprise_users" ADD COLUMN "user_detail" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "website_settings" ADD COLUMN "register_auto_audit" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_eid_enterprises_eid_fk" FOREIGN KEY ("eid") REFERENCES "public"."enterprises"("eid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_fields" ADD CONSTRAINT "registration_fields_eid_enterprises_eid_fk" FOREIGN KEY ("eid") REFERENCES "public"."enterprises"("eid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "positions_level_idx" ON "positions" USING btree ("eid","level");