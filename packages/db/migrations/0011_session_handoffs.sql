CREATE TABLE "session_handoffs" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"eid" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "session_handoffs" ADD CONSTRAINT "session_handoffs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_handoffs" ADD CONSTRAINT "session_handoffs_eid_enterprises_eid_fk" FOREIGN KEY ("eid") REFERENCES "public"."enterprises"("eid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_handoffs_expires_idx" ON "session_handoffs" USING btree ("expires_at");