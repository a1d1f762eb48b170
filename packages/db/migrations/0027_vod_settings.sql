CREATE TABLE "vod_settings" (
	"eid" integer PRIMARY KEY NOT NULL,
	"polyv_user_id" text NOT NULL,
	"polyv_secret_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vod_settings" ADD CONSTRAINT "vod_settings_eid_enterprises_eid_fk" FOREIGN KEY ("eid") REFERENCES "public"."enterprises"("eid") ON DELETE cascade ON UPDATE no action;