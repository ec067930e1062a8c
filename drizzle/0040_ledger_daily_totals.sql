CREATE TABLE "ledger_period_daily_totals" (
	"period" varchar(7) NOT NULL,
	"booked_on" date NOT NULL,
	"account" varchar(60) NOT NULL,
	"debit" numeric(16, 2) NOT NULL,
	"credit" numeric(16, 2) NOT NULL,
	CONSTRAINT "ledger_period_daily_totals_booked_on_account_pk" PRIMARY KEY("booked_on","account"),
	CONSTRAINT "ledger_period_daily_totals_account_check" CHECK (account in ('cash', 'loans_receivable', 'deferred_cost_income', 'loss_allowance', 'suspense', 'funding_capital', 'cost_income', 'platform_fee_income', 'recoveries', 'write_off_expense', 'impairment_expense'))
);
--> statement-breakpoint
ALTER TABLE "ledger_period_daily_totals" ADD CONSTRAINT "ledger_period_daily_totals_period_ledger_periods_period_fk" FOREIGN KEY ("period") REFERENCES "public"."ledger_periods"("period") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The months closed before this table: each day's totals from the lines they booked (a closed month's lines never
-- change, and every line up to the last closed month's end is in a closed month: months close in order, from the
-- first booking's).
INSERT INTO "ledger_period_daily_totals" ("period", "booked_on", "account", "debit", "credit")
SELECT to_char(l.booked_on, 'YYYY-MM'), l.booked_on, l.account, sum(l.debit), sum(l.credit)
FROM "ledger_lines" l
WHERE l.booked_on <= (SELECT (to_date(max(period), 'YYYY-MM') + interval '1 month' - interval '1 day')::date FROM "ledger_periods")
GROUP BY l.booked_on, l.account;
