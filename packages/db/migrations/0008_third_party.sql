CREATE TABLE "third_party_identities" (
	"provider" text NOT NULL,
	"open_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "third_party_identities_provider_open_id_pk" PRIMARY KEY("provider","open_id")
);
--> statement-breakpoint
ALTER TABLE "third_party_identities" ADD CONSTRAINT "third_party_identities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_identities_account_idx" ON "third_party_identities" USING btree ("account_id","provider");