ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_kind_check";--> statement-breakpoint
ALTER TABLE "repayment_instalments" DROP CONSTRAINT "instalments_amounts_check";--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD COLUMN "amount_forgiven" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "forgiven_on" date;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "forgiven_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "forgive_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_kind_check" CHECK (kind in ('application_change', 'payout', 'restructure', 'payment_reversal', 'role_grant', 'write_off', 'balance_forgiveness'));--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD CONSTRAINT "instalments_amounts_check" CHECK (amount_due >= 0 and (amount_due > 0 or amount_deferred > 0 or voided_on is not null) and amount_deferred >= 0 and amount_paid >= 0 and amount_rebated >= 0 and amount_forgiven >= 0 and amount_paid + amount_rebated + amount_forgiven <= amount_due);--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD CONSTRAINT "schedules_forgiven_check" CHECK ((forgiven_on is null) = (forgiven_amount is null) and (forgiven_amount is null or forgiven_amount > 0) and (forgiven_on is null or written_off_on is not null));