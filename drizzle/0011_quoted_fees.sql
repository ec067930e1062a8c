ALTER TABLE "repayment_schedules" ADD COLUMN "quoted_fees" numeric(12, 2);--> statement-breakpoint
-- Loans already written: the fees their quote disclosed, the fee on each instalment at the loan's rate, half up to
-- the cent (numeric round is half away from zero, the same for these positive amounts).
-- Never below what was already charged.
UPDATE "repayment_schedules" s SET "quoted_fees" = greatest(s."fees_paid", (
  SELECT coalesce(sum(round(i."amount_due" * s."platform_fee_rate" / 100, 2)), 0)
  FROM "repayment_instalments" i WHERE i."schedule_id" = s."id"));
