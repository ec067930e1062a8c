CREATE TABLE "bureau_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" varchar(7) NOT NULL,
	"rows" integer NOT NULL,
	"total_balance" numeric(12, 2) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nca_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"occurred_on" date NOT NULL,
	"recorded_by" integer,
	"once_key" varchar(120),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nca_events_kind_check" CHECK (kind in ('s129_notice', 's129_registered_post', 'enforcement', 'debt_review', 'debt_review_order', 'debt_review_ended', 'bureau_adverse_notice'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "nca_events" ADD CONSTRAINT "nca_events_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_events" ADD CONSTRAINT "nca_events_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bureau_submissions_period_idx" ON "bureau_submissions" USING btree ("period");--> statement-breakpoint
CREATE INDEX "nca_events_application_idx" ON "nca_events" USING btree ("application_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "nca_events_once_key_idx" ON "nca_events" USING btree ("once_key");