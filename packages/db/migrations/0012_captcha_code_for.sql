ALTER TABLE "captchas" ADD COLUMN "code_purpose" integer;--> statement-breakpoint
ALTER TABLE "captchas" ADD COLUMN "code_phone" text;