ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_kind_check";--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "written_off_on" date;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "written_off_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "write_off_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_kind_check" CHECK (kind in ('application_change', 'payout', 'restructure', 'payment_reversal', 'role_grant', 'write_off'));--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD CONSTRAINT "schedules_write_off_check" CHECK ((written_off_on is null) = (written_off_amount is null) and (written_off_amount is null or written_off_amount >= 0));