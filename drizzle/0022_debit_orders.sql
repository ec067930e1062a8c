CREATE TABLE "debit_mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"account_holder" varchar(100) NOT NULL,
	"bank" varchar(40) NOT NULL,
	"branch_code" varchar(6) NOT NULL,
	"account_type" varchar(12) NOT NULL,
	"account_number_sealed" text NOT NULL,
	"account_last4" varchar(4) NOT NULL,
	"instalment_amount" numeric(12, 2) NOT NULL,
	"maximum_amount" numeric(12, 2) NOT NULL,
	"collection_day" integer NOT NULL,
	"first_collection_date" date NOT NULL,
	"last_collection_date" date NOT NULL,
	"contract_reference" varchar(30) NOT NULL,
	"tracking_days" integer NOT NULL,
	"status" varchar(12) DEFAULT 'active' NOT NULL,
	"status_reason" varchar(200),
	"consented_at" timestamp with time zone NOT NULL,
	"consent_ip" varchar(64) NOT NULL,
	"consent_user_agent" varchar(400),
	"text_version" varchar(40) NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debit_mandates_status_check" CHECK (status in ('active', 'suspended', 'cancelled')),
	CONSTRAINT "debit_mandates_account_type_check" CHECK (account_type in ('cheque', 'savings', 'transmission')),
	CONSTRAINT "debit_mandates_collection_day_check" CHECK (collection_day between 1 and 31),
	CONSTRAINT "debit_mandates_tracking_check" CHECK (tracking_days between 0 and 10),
	CONSTRAINT "debit_mandates_amounts_check" CHECK (instalment_amount > 0 and maximum_amount >= instalment_amount)
);
--> statement-breakpoint
CREATE TABLE "debit_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"mandate_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"collection_date" date NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"reason_code" varchar(2),
	"outcome" varchar(10),
	"represent_on" date,
	"payment_id" integer,
	"result_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debit_order_items_status_check" CHECK (status in ('pending', 'paid', 'unpaid')),
	CONSTRAINT "debit_order_items_outcome_check" CHECK (outcome is null or outcome in ('represent', 'suspend', 'exhausted')),
	CONSTRAINT "debit_order_items_amounts_check" CHECK (amount > 0 and fee >= 0 and total = amount + fee),
	CONSTRAINT "debit_order_items_attempt_check" CHECK (attempt >= 1)
);
--> statement-breakpoint
CREATE TABLE "debit_order_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_date" date NOT NULL,
	"status" varchar(12) DEFAULT 'built' NOT NULL,
	"excluded" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"result_summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debit_order_runs_status_check" CHECK (status in ('built', 'submitted', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "debit_mandates" ADD CONSTRAINT "debit_mandates_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_mandates" ADD CONSTRAINT "debit_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_mandates" ADD CONSTRAINT "debit_mandates_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_order_items" ADD CONSTRAINT "debit_order_items_run_id_debit_order_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."debit_order_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_order_items" ADD CONSTRAINT "debit_order_items_mandate_id_debit_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."debit_mandates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_order_items" ADD CONSTRAINT "debit_order_items_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_order_items" ADD CONSTRAINT "debit_order_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_order_runs" ADD CONSTRAINT "debit_order_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_order_runs" ADD CONSTRAINT "debit_order_runs_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debit_mandates_status_idx" ON "debit_mandates" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "debit_mandates_application_idx" ON "debit_mandates" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "debit_mandates_one_active_idx" ON "debit_mandates" USING btree ("application_id") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "debit_order_items_mandate_date_idx" ON "debit_order_items" USING btree ("mandate_id","collection_date");--> statement-breakpoint
CREATE INDEX "debit_order_items_run_idx" ON "debit_order_items" USING btree ("run_id","status","id");--> statement-breakpoint
CREATE INDEX "debit_order_items_mandate_idx" ON "debit_order_items" USING btree ("mandate_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "debit_order_runs_date_idx" ON "debit_order_runs" USING btree ("collection_date");