CREATE TABLE "loan_restructures" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"restructured_on" date NOT NULL,
	"balance" numeric(12, 2) NOT NULL,
	"months" integer NOT NULL,
	"instalment_amount" numeric(12, 2) NOT NULL,
	"first_number" integer NOT NULL,
	"last_number" integer NOT NULL,
	"previous_instalment_amount" numeric(12, 2) NOT NULL,
	"previous_end_date" date NOT NULL,
	"replaced_count" integer NOT NULL,
	"was_defaulted" boolean NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "repayment_instalments" DROP CONSTRAINT "instalments_amounts_check";--> statement-breakpoint
DROP INDEX "instalments_schedule_number_idx";--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD COLUMN "voided_on" date;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "forbearance" varchar(12);--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "forbearance_cured_on" date;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "defaulted_on" date;--> statement-breakpoint
ALTER TABLE "loan_restructures" ADD CONSTRAINT "loan_restructures_schedule_id_repayment_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."repayment_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_restructures" ADD CONSTRAINT "loan_restructures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_restructures_schedule_idx" ON "loan_restructures" USING btree ("schedule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_schedule_number_idx" ON "repayment_instalments" USING btree ("schedule_id","number") WHERE voided_on is null;--> statement-breakpoint
-- Lines a reversal emptied before lines were voided (nothing due, nothing moved off them): voided that day (UTC+2).
UPDATE "repayment_instalments" SET "voided_on" = (("updated_at" AT TIME ZONE 'UTC') + interval '2 hours')::date
  WHERE "amount_due" = 0 AND "amount_deferred" = 0 AND "voided_on" IS NULL;--> statement-breakpoint
-- Restructured loans are forborne: in probation until the loan review finds three instalments in a row paid on time.
UPDATE "repayment_schedules" SET "forbearance" = 'probation' WHERE "restructured_on" IS NOT NULL;--> statement-breakpoint
-- Ever defaulted: the first default the audit log records, else (a loan in default now) the day it last changed.
UPDATE "repayment_schedules" s SET "defaulted_on" = coalesce(
    (SELECT min(((u."created_at" AT TIME ZONE 'UTC') + interval '2 hours')::date) FROM "user_admin_actions" u
      WHERE u."action" = 'application_defaulted' AND u."notes" LIKE '#' || s."application_id" || ':%'),
    CASE WHEN s."status" = 'defaulted' THEN ((s."updated_at" AT TIME ZONE 'UTC') + interval '2 hours')::date END);--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD CONSTRAINT "instalments_amounts_check" CHECK (amount_due >= 0 and (amount_due > 0 or amount_deferred > 0 or voided_on is not null) and amount_deferred >= 0 and amount_paid >= 0 and amount_rebated >= 0 and amount_paid + amount_rebated <= amount_due);