CREATE TABLE "collection_accounts" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"collector_id" integer,
	"next_action_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"staff_id" integer,
	"channel" varchar(20) NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"note" varchar(2000) NOT NULL,
	"contacted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "collection_contacts_channel_check" CHECK (channel in ('call', 'email', 'sms', 'whatsapp', 'visit')),
	CONSTRAINT "collection_contacts_outcome_check" CHECK (outcome in ('reached', 'promised', 'no_answer', 'left_message', 'refused', 'wrong_details', 'dispute'))
);
--> statement-breakpoint
CREATE TABLE "hardship_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"reason" varchar(1000) NOT NULL,
	"can_pay" numeric(12, 2),
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"outcome" varchar(1000),
	CONSTRAINT "hardship_requests_status_check" CHECK (status in ('open', 'closed')),
	CONSTRAINT "hardship_requests_can_pay_check" CHECK (can_pay is null or can_pay >= 0),
	CONSTRAINT "hardship_requests_closed_check" CHECK ((status = 'open') = (closed_at is null))
);
--> statement-breakpoint
CREATE TABLE "payment_promises" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"made_on" date NOT NULL,
	"promised_for" date NOT NULL,
	"made_by" integer,
	"after_payment_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_promises_amount_check" CHECK (amount > 0),
	CONSTRAINT "payment_promises_dates_check" CHECK (promised_for >= made_on)
);
--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD CONSTRAINT "collection_accounts_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD CONSTRAINT "collection_accounts_collector_id_users_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardship_requests" ADD CONSTRAINT "hardship_requests_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardship_requests" ADD CONSTRAINT "hardship_requests_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_accounts_collector_idx" ON "collection_accounts" USING btree ("collector_id");--> statement-breakpoint
CREATE INDEX "collection_contacts_application_idx" ON "collection_contacts" USING btree ("application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hardship_requests_open_idx" ON "hardship_requests" USING btree ("application_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "hardship_requests_status_idx" ON "hardship_requests" USING btree ("status","application_id");--> statement-breakpoint
CREATE INDEX "payment_promises_application_idx" ON "payment_promises" USING btree ("application_id","promised_for");