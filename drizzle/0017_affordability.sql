ALTER TABLE "financing_applications" ADD COLUMN "monthly_deductions" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "financing_applications" ADD COLUMN "monthly_debt_repayments" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "financing_applications" ADD COLUMN "affordability" jsonb;