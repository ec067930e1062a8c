CREATE TABLE "bank_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"position" integer NOT NULL,
	"bank" varchar(20) NOT NULL,
	"line_key" varchar(100),
	"bank_line_id" varchar(255),
	"posted_on" date,
	"amount" numeric(12, 2),
	"description" text DEFAULT '' NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"application_id" integer,
	"payment_id" integer,
	"duplicate_of_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_bank_check" CHECK (bank in ('fnb', 'standard_bank', 'absa', 'nedbank', 'capitec')),
	CONSTRAINT "bank_statement_lines_outcome_check" CHECK (outcome in ('matched', 'suggested', 'suspense', 'duplicate', 'failed', 'outgoing')),
	CONSTRAINT "bank_statement_lines_key_check" CHECK ((line_key is null) = (outcome in ('duplicate', 'failed')))
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank" varchar(20) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_sha256" varchar(64) NOT NULL,
	"uploaded_by" integer,
	"status" varchar(20) DEFAULT 'importing' NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"suggested" integer DEFAULT 0 NOT NULL,
	"suspense" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"outgoing" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "bank_statements_bank_check" CHECK (bank in ('fnb', 'standard_bank', 'absa', 'nedbank', 'capitec')),
	CONSTRAINT "bank_statements_status_check" CHECK (status in ('importing', 'complete'))
);
--> statement-breakpoint
CREATE TABLE "suspense_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"suspense_item_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"allocated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suspense_allocations_amount_check" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "suspense_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"amount_left" numeric(12, 2) NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"suggested_application_id" integer,
	"reason" text NOT NULL,
	"refund_reference" varchar(100),
	"refund_notes" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suspense_items_status_check" CHECK (status in ('open', 'allocated', 'refunded')),
	CONSTRAINT "suspense_items_amounts_check" CHECK (amount > 0 and amount_left >= 0 and amount_left <= amount),
	CONSTRAINT "suspense_items_open_check" CHECK ((status = 'open') = (amount_left > 0)),
	CONSTRAINT "suspense_items_refund_check" CHECK ((status = 'refunded') = (refund_reference is not null))
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_duplicate_of_id_bank_statement_lines_id_fk" FOREIGN KEY ("duplicate_of_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspense_allocations" ADD CONSTRAINT "suspense_allocations_suspense_item_id_suspense_items_id_fk" FOREIGN KEY ("suspense_item_id") REFERENCES "public"."suspense_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspense_allocations" ADD CONSTRAINT "suspense_allocations_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspense_allocations" ADD CONSTRAINT "suspense_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspense_allocations" ADD CONSTRAINT "suspense_allocations_allocated_by_users_id_fk" FOREIGN KEY ("allocated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspense_items" ADD CONSTRAINT "suspense_items_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspense_items" ADD CONSTRAINT "suspense_items_suggested_application_id_financing_applications_id_fk" FOREIGN KEY ("suggested_application_id") REFERENCES "public"."financing_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspense_items" ADD CONSTRAINT "suspense_items_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_key_idx" ON "bank_statement_lines" USING btree ("bank","line_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_position_idx" ON "bank_statement_lines" USING btree ("statement_id","position");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_outcome_idx" ON "bank_statement_lines" USING btree ("statement_id","outcome","position");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_application_idx" ON "bank_statement_lines" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "bank_statements_created_idx" ON "bank_statements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bank_statements_file_idx" ON "bank_statements" USING btree ("bank","file_sha256");--> statement-breakpoint
CREATE INDEX "suspense_allocations_item_idx" ON "suspense_allocations" USING btree ("suspense_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suspense_items_line_idx" ON "suspense_items" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "suspense_items_status_idx" ON "suspense_items" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "users_last_name_lower_idx" ON "users" USING btree (lower("last_name"));