ALTER TABLE "certificate_templates" ADD COLUMN "orientation" text DEFAULT 'landscape' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD COLUMN "background_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD COLUMN "layout" jsonb;