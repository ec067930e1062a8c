CREATE TABLE "earnings_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"platform" varchar(40) NOT NULL,
	"source" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"earnings_amount" numeric(12, 2),
	"original_currency" varchar(3),
	"original_amount" numeric(12, 2),
	"fx_rate" numeric(14, 6),
	"fx_date" date,
	"fx_source" varchar(100),
	"proposed_payment" numeric(12, 2),
	"proposed_fee" numeric(12, 2),
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" varchar(500),
	"payment_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earnings_proposals_month_check" CHECK (month between 1 and 12),
	CONSTRAINT "earnings_proposals_source_check" CHECK (source in ('payout_verified', 'platform_api', 'proof', 'admin')),
	CONSTRAINT "earnings_proposals_status_check" CHECK (status in ('pending', 'approved', 'rejected', 'needs_rate', 'failed')),
	CONSTRAINT "earnings_proposals_amounts_check" CHECK ((earnings_amount is null or earnings_amount >= 0) and (proposed_payment is null or proposed_payment >= 0) and (proposed_fee is null or proposed_fee >= 0))
);
--> statement-breakpoint
CREATE TABLE "platform_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"platform" varchar(20) NOT NULL,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text,
	"expires_at" timestamp with time zone,
	"scopes" varchar(500) DEFAULT '' NOT NULL,
	"account_id" varchar(100),
	"last_read_at" timestamp with time zone,
	"last_error" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_tokens_platform_check" CHECK (platform in ('youtube', 'patreon'))
);
--> statement-breakpoint
ALTER TABLE "earnings_proposals" ADD CONSTRAINT "earnings_proposals_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_proposals" ADD CONSTRAINT "earnings_proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_proposals" ADD CONSTRAINT "earnings_proposals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_proposals" ADD CONSTRAINT "earnings_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_tokens" ADD CONSTRAINT "platform_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_proposals_month_idx" ON "earnings_proposals" USING btree ("application_id","year","month");--> statement-breakpoint
CREATE INDEX "earnings_proposals_status_idx" ON "earnings_proposals" USING btree ("status","year","month","id");--> statement-breakpoint
CREATE INDEX "earnings_proposals_user_idx" ON "earnings_proposals" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_tokens_user_platform_idx" ON "platform_tokens" USING btree ("user_id","platform");