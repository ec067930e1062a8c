ALTER TABLE "repayment_instalments" DROP CONSTRAINT "instalments_amounts_check";--> statement-breakpoint
ALTER TABLE "repayment_schedules" DROP CONSTRAINT "schedules_paid_check";--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD COLUMN "amount_rebated" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "rebated_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "charge_rate" numeric(30, 18);--> statement-breakpoint
ALTER TABLE "settlement_quotes" ADD COLUMN "principal" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "settlement_quotes" ADD COLUMN "accrued_charge" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "settlement_quotes" ADD COLUMN "rebate" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD CONSTRAINT "instalments_amounts_check" CHECK (amount_due > 0 and amount_paid >= 0 and amount_rebated >= 0 and amount_paid + amount_rebated <= amount_due);--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD CONSTRAINT "schedules_paid_check" CHECK (paid_amount >= 0 and fees_paid >= 0 and rebated_amount >= 0);