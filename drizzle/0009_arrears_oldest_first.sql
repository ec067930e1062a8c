ALTER TABLE "repayment_schedules" ADD COLUMN "arrears_from" date;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "arrears_tolerance" numeric(12, 2) DEFAULT '10.00' NOT NULL;--> statement-breakpoint
CREATE INDEX "schedules_status_arrears_idx" ON "repayment_schedules" USING btree ("status","arrears_from");--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD CONSTRAINT "schedules_arrears_tolerance_check" CHECK (arrears_tolerance >= 0);--> statement-breakpoint
-- Payments fill instalments in due-date order (docs/lending.md, "Allocation"): every loan's payments are
-- allocated again under that rule. What each instalment has received is the loan's payments in all, poured into
-- the instalments oldest first; each payment's allocations are where its slice of that total (payments in date
-- order, as they were recorded) meets each instalment's slice of the instalments' total. Amounts paid, balances and the ledger do not
-- change: only which instalment a rand went to.
UPDATE "repayment_instalments" i SET "amount_paid" = x."paid", "updated_at" = now()
FROM (
  SELECT i2."id",
    greatest(0, least(i2."amount_due",
      coalesce((SELECT sum(p."amount") FROM "payments" p WHERE p."application_id" = s."application_id"), 0)
      - (sum(i2."amount_due") OVER (PARTITION BY i2."schedule_id" ORDER BY i2."number") - i2."amount_due")
    ))::numeric(12, 2) AS "paid"
  FROM "repayment_instalments" i2 JOIN "repayment_schedules" s ON s."id" = i2."schedule_id"
) x
WHERE x."id" = i."id" AND i."amount_paid" <> x."paid";--> statement-breakpoint
DELETE FROM "payment_allocations";--> statement-breakpoint
INSERT INTO "payment_allocations" ("payment_id", "instalment_id", "amount", "created_at")
SELECT pr."id", ir."id", (least(pr."upto", ir."upto") - greatest(pr."upto" - pr."amount", ir."upto" - ir."amount_due"))::numeric(12, 2), pr."created_at"
FROM (
  SELECT p."id", p."amount", p."created_at", s."id" AS "schedule_id",
    sum(p."amount") OVER (PARTITION BY p."application_id" ORDER BY p."id") AS "upto"
  FROM "payments" p JOIN "repayment_schedules" s ON s."application_id" = p."application_id"
) pr
JOIN (
  SELECT i."id", i."schedule_id", i."amount_due",
    sum(i."amount_due") OVER (PARTITION BY i."schedule_id" ORDER BY i."number") AS "upto"
  FROM "repayment_instalments" i
) ir ON ir."schedule_id" = pr."schedule_id"
WHERE least(pr."upto", ir."upto") > greatest(pr."upto" - pr."amount", ir."upto" - ir."amount_due");--> statement-breakpoint
-- The dates the schedule keeps from its instalments: the oldest unpaid due date, and the due date from which the
-- loan is late (where what is open, counted from the oldest, first reaches the tolerance of R10).
UPDATE "repayment_schedules" s SET
  "next_payment_date" = (SELECT min(i."due_date") FROM "repayment_instalments" i
    WHERE i."schedule_id" = s."id" AND i."amount_paid" < i."amount_due"),
  "arrears_from" = (SELECT min(o."due_date") FROM (
      SELECT i."due_date", sum(i."amount_due" - i."amount_paid") OVER (ORDER BY i."number") AS "open"
      FROM "repayment_instalments" i WHERE i."schedule_id" = s."id") o
    WHERE o."open" > 0 AND o."open" >= greatest(s."arrears_tolerance", 0.01)),
  "estimated_remaining_duration" = (SELECT CASE s."frequency"
      WHEN 'biweekly' THEN ceil(count(*) * 12 / 26.0) WHEN 'weekly' THEN ceil(count(*) * 12 / 52.0)
      ELSE count(*) END
    FROM "repayment_instalments" i WHERE i."schedule_id" = s."id" AND i."amount_paid" < i."amount_due");
