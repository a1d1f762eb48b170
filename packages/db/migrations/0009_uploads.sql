CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"eid" integer NOT NULL,
	"account_id" integer,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_eid_enterprises_eid_fk" FOREIGN KEY ("eid") REFERENCES "public"."enterprises"("eid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_unclaimed_idx" ON "uploads" USING btree ("created_at") WHERE claimed_at IS NULL;