ALTER TABLE "invoices" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "invoice_provider" text DEFAULT 'dev' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "invoice_merchant" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "invoice_secret" text DEFAULT '' NOT NULL;