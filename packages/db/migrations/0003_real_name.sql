ALTER TABLE "accounts" ADD COLUMN "real_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "id_card_encrypted" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "id_card_hash" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "accounts_id_card_hash_idx" ON "accounts" USING btree ("id_card_hash");