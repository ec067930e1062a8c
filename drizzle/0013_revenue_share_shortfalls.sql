ALTER TABLE "repayment_instalments" DROP CONSTRAINT "instalments_amounts_check";--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD COLUMN "amount_deferred" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD COLUMN "deferred_from" integer;--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD CONSTRAINT "instalments_amounts_check" CHECK (amount_due >= 0 and (amount_due > 0 or amount_deferred > 0) and amount_deferred >= 0 and amount_paid >= 0 and amount_rebated >= 0 and amount_paid + amount_rebated <= amount_due);