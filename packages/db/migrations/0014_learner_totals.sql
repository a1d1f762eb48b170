CREATE TABLE "learner_totals" (
	"eid" integer NOT NULL,
	"account_id" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"credit_tenths" integer DEFAULT 0 NOT NULL,
	"certificates" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_totals_eid_account_id_pk" PRIMARY KEY("eid","account_id")
);
--> statement-breakpoint
ALTER TABLE "learner_totals" ADD CONSTRAINT "learner_totals_eid_account_id_enterprise_users_eid_account_id_fk" FOREIGN KEY ("eid","account_id") REFERENCES "public"."enterprise_users"("eid","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_totals_points_idx" ON "learner_totals" USING btree ("eid","points" DESC NULLS LAST,"account_id");--> statement-breakpoint
CREATE INDEX "learner_totals_credit_idx" ON "learner_totals" USING btree ("eid","credit_tenths" DESC NULLS LAST,"account_id");--> statement-breakpoint
CREATE INDEX "learner_totals_certificates_idx" ON "learner_totals" USING btree ("eid","certificates" DESC NULLS LAST,"account_id");