ALTER TABLE "resource_materials" ADD COLUMN "transcode_state" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_materials" ADD COLUMN "transcode_progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_materials" ADD COLUMN "transcode_error" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_materials" ADD COLUMN "poster_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_materials" ADD COLUMN "source_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "resource_materials_kind_idx" ON "resource_materials" USING btree ("eid","kind","id");