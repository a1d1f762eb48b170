-- The password lock reads the audit log (decision 023); these two columns were never written since.
ALTER TABLE "accounts" DROP COLUMN "failed_sign_ins";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "locked_until";