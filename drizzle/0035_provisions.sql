CREATE TABLE "ledger_period_positions" (
	"period" varchar(7) NOT NULL,
	"application_id" integer NOT NULL,
	"bucket" varchar(10) NOT NULL,
	"days_past_due" integer NOT NULL,
	"balance" numeric(12, 2) NOT NULL,
	CONSTRAINT "ledger_period_positions_period_application_id_pk" PRIMARY KEY("period","application_id"),
	CONSTRAINT "ledger_period_positions_bucket_check" CHECK (bucket in ('current', '1-30', '31-60', '61-90', '90+'))
);
--> statement-breakpoint
CREATE TABLE "provision_loans" (
	"run_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"stage" integer NOT NULL,
	"exposure" numeric(12, 2) NOT NULL,
	"ecl" numeric(12, 2) NOT NULL,
	CONSTRAINT "provision_loans_run_id_application_id_pk" PRIMARY KEY("run_id","application_id"),
	CONSTRAINT "provision_loans_stage_check" CHECK (stage in (1, 2, 3)),
	CONSTRAINT "provision_loans_amounts_check" CHECK (exposure >= 0 and ecl >= 0 and ecl <= exposure)
);
--> statement-breakpoint
CREATE TABLE "provision_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"run_by" integer,
	"allowance_before" numeric(12, 2) NOT NULL,
	"allowance_after" numeric(12, 2) NOT NULL,
	"parameters" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_period_balances" ALTER COLUMN "debit" SET DATA TYPE numeric(16, 2);--> statement-breakpoint
ALTER TABLE "ledger_period_balances" ALTER COLUMN "credit" SET DATA TYPE numeric(16, 2);--> statement-breakpoint
ALTER TABLE "ledger_period_positions" ADD CONSTRAINT "ledger_period_positions_period_ledger_periods_period_fk" FOREIGN KEY ("period") REFERENCES "public"."ledger_periods"("period") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provision_loans" ADD CONSTRAINT "provision_loans_run_id_provision_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."provision_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provision_loans" ADD CONSTRAINT "provision_loans_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provision_runs" ADD CONSTRAINT "provision_runs_run_by_users_id_fk" FOREIGN KEY ("run_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provision_loans_application_idx" ON "provision_loans" USING btree ("application_id","run_id");--> statement-breakpoint
CREATE INDEX "provision_runs_as_of_idx" ON "provision_runs" USING btree ("as_of","id");--> statement-breakpoint
CREATE INDEX "payments_received_idx" ON "payments" USING btree ("payment_date") INCLUDE ("application_id", "amount", "platform_fee") WHERE "reversed_at" IS NULL;
