CREATE TABLE "approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"subject_key" varchar(60) NOT NULL,
	"application_id" integer,
	"subject_user_id" integer,
	"payload" jsonb NOT NULL,
	"summary" varchar(500) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"maker_id" integer NOT NULL,
	"checker_id" integer,
	"decision_note" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "approval_requests_kind_check" CHECK (kind in ('application_change', 'payout', 'restructure', 'payment_reversal', 'role_grant')),
	CONSTRAINT "approval_requests_status_check" CHECK (status in ('pending', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "approval_requests_two_people_check" CHECK (checker_id is null or checker_id <> maker_id),
	CONSTRAINT "approval_requests_decided_check" CHECK ((status = 'pending') = (decided_at is null) and (status in ('approved', 'rejected')) = (checker_id is not null))
);
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_checker_id_users_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_pending_idx" ON "approval_requests" USING btree ("kind","subject_key") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "approval_requests_status_idx" ON "approval_requests" USING btree ("status","id");