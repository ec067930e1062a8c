CREATE TABLE "ledger_period_balances" (
	"period" varchar(7) NOT NULL,
	"account" varchar(60) NOT NULL,
	"debit" numeric(12, 2) NOT NULL,
	"credit" numeric(12, 2) NOT NULL,
	CONSTRAINT "ledger_period_balances_period_account_pk" PRIMARY KEY("period","account"),
	CONSTRAINT "ledger_period_balances_account_check" CHECK (account in ('cash', 'loans_receivable', 'deferred_cost_income', 'loss_allowance', 'suspense', 'funding_capital', 'cost_income', 'platform_fee_income', 'recoveries', 'write_off_expense', 'impairment_expense'))
);
--> statement-breakpoint
CREATE TABLE "ledger_periods" (
	"period" varchar(7) PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by" integer,
	CONSTRAINT "ledger_periods_period_check" CHECK (period ~ '^2[0-9]{3}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "concerns_on" date;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "booked_on" date;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "booked_on" date;--> statement-breakpoint
-- Journals written before the books had periods: a repayment concerns its payment's day, anything else the South
-- African day it was posted; nothing was closed, so each is booked on the day it concerns, and so are its lines.
UPDATE "ledger_entries" e SET "concerns_on" = coalesce(
  (SELECT p.payment_date FROM "payments" p WHERE p.id = e.payment_id AND e.kind = 'repayment'),
  (e.created_at AT TIME ZONE 'Africa/Johannesburg')::date
);--> statement-breakpoint
UPDATE "ledger_entries" SET "booked_on" = "concerns_on";--> statement-breakpoint
UPDATE "ledger_lines" l SET "booked_on" = e."booked_on" FROM "ledger_entries" e WHERE e.id = l.entry_id;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "concerns_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "booked_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_lines" ALTER COLUMN "booked_on" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_lines_booked_idx" ON "ledger_lines" USING btree ("booked_on") INCLUDE ("account", "debit", "credit");--> statement-breakpoint
ALTER TABLE "ledger_period_balances" ADD CONSTRAINT "ledger_period_balances_period_ledger_periods_period_fk" FOREIGN KEY ("period") REFERENCES "public"."ledger_periods"("period") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_periods" ADD CONSTRAINT "ledger_periods_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_booked_idx" ON "ledger_entries" USING btree ("booked_on");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booked_check" CHECK (booked_on >= concerns_on);--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_check" CHECK (account in ('cash', 'loans_receivable', 'deferred_cost_income', 'loss_allowance', 'suspense', 'funding_capital', 'cost_income', 'platform_fee_income', 'recoveries', 'write_off_expense', 'impairment_expense'));