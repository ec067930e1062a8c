ALTER TABLE "ledger_period_balances" ALTER COLUMN "debit" SET DATA TYPE numeric(16, 2);--> statement-breakpoint
ALTER TABLE "ledger_period_balances" ALTER COLUMN "credit" SET DATA TYPE numeric(16, 2);