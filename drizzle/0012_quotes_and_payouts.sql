CREATE TABLE "credit_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"made_by" integer,
	"amount_financed" numeric(12, 2) NOT NULL,
	"platform_fee_rate" numeric(5, 2) NOT NULL,
	"terms" jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"valid_until" date NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"accepted_ip" varchar(64),
	"accepted_user_agent" varchar(400),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_quotes_kind_check" CHECK (kind in ('plan', 'offer')),
	CONSTRAINT "credit_quotes_status_check" CHECK (status in ('open', 'accepted', 'superseded', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "financing_applications" DROP CONSTRAINT "applications_status_check";--> statement-breakpoint
ALTER TABLE "financing_applications" ADD COLUMN "approved_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "paid_out_on" date;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "payout_reference" varchar(60);--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "payout_account" varchar(80);--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "paid_out_by" integer;--> statement-breakpoint
ALTER TABLE "credit_quotes" ADD CONSTRAINT "credit_quotes_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_quotes" ADD CONSTRAINT "credit_quotes_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_quotes" ADD CONSTRAINT "credit_quotes_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_quotes_application_idx" ON "credit_quotes" USING btree ("application_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_quotes_one_accepted_idx" ON "credit_quotes" USING btree ("application_id") WHERE status = 'accepted';--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD CONSTRAINT "repayment_schedules_paid_out_by_users_id_fk" FOREIGN KEY ("paid_out_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD CONSTRAINT "applications_status_check" CHECK (status in ('pending_review', 'approved', 'offered', 'accepted', 'rejected', 'active', 'defaulted', 'cancelled', 'completed', 'pending_review_testing', 'approved_testing', 'offered_testing', 'accepted_testing', 'rejected_testing', 'active_testing', 'defaulted_testing', 'cancelled_testing', 'completed_testing'));--> statement-breakpoint
-- Loans paid out before the payout was a step: paid out on the South African day their schedule started (UTC+2).
UPDATE "repayment_schedules" SET "paid_out_on" = (("start_date" AT TIME ZONE 'UTC') + interval '2 hours')::date
  WHERE "paid_out_on" IS NULL;--> statement-breakpoint
-- Applications approved before the approved amount was kept: approved for what they asked.
UPDATE "financing_applications" SET "approved_amount" = "requested_amount"
  WHERE "approved_amount" IS NULL
    AND split_part("status", '_testing', 1) IN ('approved', 'active', 'defaulted', 'completed');
