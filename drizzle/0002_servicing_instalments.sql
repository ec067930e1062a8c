-- Instalments, allocations and settlement quotes (docs/lending.md). Timestamps that meant a day become
-- South African calendar dates; existing schedules get their instalments from src/server/features/servicing
-- (backfillInstalments) at start-up, with the same rules new schedules use.
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"instalment_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocations_amount_check" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "repayment_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_due" numeric(12, 2) NOT NULL,
	"amount_paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instalments_number_check" CHECK (number >= 1),
	CONSTRAINT "instalments_amounts_check" CHECK (amount_due > 0 and amount_paid >= 0 and amount_paid <= amount_due)
);
--> statement-breakpoint
CREATE TABLE "settlement_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"reference" varchar(40) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"valid_until" date NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"payment_id" integer,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "settlement_quotes_reference_unique" UNIQUE("reference"),
	CONSTRAINT "settlement_quotes_amount_check" CHECK (amount > 0),
	CONSTRAINT "settlement_quotes_status_check" CHECK (status in ('open', 'settled', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "payment_date" SET DATA TYPE date USING ("payment_date" AT TIME ZONE 'Africa/Johannesburg')::date;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ALTER COLUMN "end_date" SET DATA TYPE date USING ("end_date" AT TIME ZONE 'Africa/Johannesburg')::date;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ALTER COLUMN "next_payment_date" SET DATA TYPE date USING ("next_payment_date" AT TIME ZONE 'Africa/Johannesburg')::date;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "renegotiation_eligible_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "restructured_on" date;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_instalment_id_repayment_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."repayment_instalments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD CONSTRAINT "repayment_instalments_schedule_id_repayment_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."repayment_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_quotes" ADD CONSTRAINT "settlement_quotes_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_quotes" ADD CONSTRAINT "settlement_quotes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_quotes" ADD CONSTRAINT "settlement_quotes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allocations_payment_instalment_idx" ON "payment_allocations" USING btree ("payment_id","instalment_id");--> statement-breakpoint
CREATE INDEX "allocations_instalment_idx" ON "payment_allocations" USING btree ("instalment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_schedule_number_idx" ON "repayment_instalments" USING btree ("schedule_id","number");--> statement-breakpoint
CREATE INDEX "instalments_schedule_due_idx" ON "repayment_instalments" USING btree ("schedule_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_quotes_one_open_idx" ON "settlement_quotes" USING btree ("application_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "settlement_quotes_status_idx" ON "settlement_quotes" USING btree ("status","valid_until");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK (kind in ('manual', 'earnings', 'settlement'));