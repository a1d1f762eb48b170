ALTER TABLE "enterprise_users" ADD COLUMN "personal_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enterprise_users" ADD COLUMN "talent_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "website_settings" ADD COLUMN "personal_info_confirm_open_set" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "website_settings" ADD COLUMN "talent_info_confirm_open_set" boolean DEFAULT false NOT NULL;