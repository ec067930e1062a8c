CREATE TABLE "app_settings" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "cached_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(300) NOT NULL,
	"content" text NOT NULL,
	"category" varchar(50) NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_metrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"total_xp" integer DEFAULT 0 NOT NULL,
	"current_level" integer DEFAULT 1 NOT NULL,
	"quests_completed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_metrics_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "creator_metrics_nonnegative_check" CHECK (total_xp >= 0 and current_level >= 1 and quests_completed >= 0)
);
--> statement-breakpoint
CREATE TABLE "creator_platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" text,
	"website_url" varchar(500),
	"logo_url" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "creator_platforms_name_length_check" CHECK (char_length(name) between 2 and 50)
);
--> statement-breakpoint
CREATE TABLE "email_verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(30) DEFAULT 'account' NOT NULL,
	"email" varchar(254) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_codes_failed_attempts_check" CHECK (failed_attempts >= 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text NOT NULL,
	"city" varchar(100) NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"location" varchar(200) NOT NULL,
	"type" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financing_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"monthly_revenue" numeric(12, 2) NOT NULL,
	"requested_amount" numeric(12, 2) NOT NULL,
	"social_media_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"manual_platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credit_score" integer,
	"credit_score_breakdown" jsonb,
	"currency" varchar(3) DEFAULT 'ZAR' NOT NULL,
	"application_type" varchar(20) DEFAULT 'personal' NOT NULL,
	"business_name" varchar(200),
	"first_name" varchar(100),
	"last_name" varchar(100),
	"amount" text,
	"status" varchar(30) DEFAULT 'pending_review' NOT NULL,
	"use_of_funds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"other_use_of_funds" text,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"estimated_period" integer,
	"notes" text,
	"cancellation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_check" CHECK (status in ('pending_review', 'approved', 'rejected', 'active', 'defaulted', 'cancelled', 'completed', 'pending_review_testing', 'approved_testing', 'rejected_testing', 'active_testing', 'defaulted_testing', 'cancelled_testing', 'completed_testing')),
	CONSTRAINT "applications_type_check" CHECK (application_type in ('personal', 'business', 'individual')),
	CONSTRAINT "applications_credit_score_check" CHECK (credit_score is null or credit_score between 0 and 100),
	CONSTRAINT "applications_monthly_revenue_check" CHECK (monthly_revenue >= 0),
	CONSTRAINT "applications_requested_amount_check" CHECK (requested_amount >= 0),
	CONSTRAINT "applications_period_check" CHECK (estimated_period is null or estimated_period between 1 and 36)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"route" varchar(200) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status_code" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_quests" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text NOT NULL,
	"category" varchar(20) NOT NULL,
	"difficulty" varchar(20) DEFAULT 'beginner' NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"xp_reward" integer DEFAULT 0 NOT NULL,
	"prerequisites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quests_category_check" CHECK (category in ('creative', 'financial', 'platform')),
	CONSTRAINT "quests_difficulty_check" CHECK (difficulty in ('beginner', 'intermediate', 'advanced')),
	CONSTRAINT "quests_xp_check" CHECK (xp_reward >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer,
	"payment_id" integer,
	"kind" varchar(30) NOT NULL,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"account" varchar(60) NOT NULL,
	"debit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "ledger_lines_one_side_check" CHECK (debit >= 0 and credit >= 0 and (debit = 0) <> (credit = 0))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" varchar(254) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" varchar(254) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_status_check" CHECK (status in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"platform_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"earnings_amount" numeric(12, 2),
	"earnings_month" integer,
	"earnings_year" integer,
	"kind" varchar(20) DEFAULT 'manual' NOT NULL,
	"notes" text,
	"payment_date" timestamp with time zone NOT NULL,
	"idempotency_key" varchar(100),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK (amount > 0),
	CONSTRAINT "payments_fee_check" CHECK (platform_fee >= 0),
	CONSTRAINT "payments_kind_check" CHECK (kind in ('manual', 'earnings')),
	CONSTRAINT "payments_earnings_month_check" CHECK (earnings_month is null or earnings_month between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "proof_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_path" varchar(500) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_files_size_check" CHECK (size_bytes > 0 and size_bytes <= 5242880)
);
--> statement-breakpoint
CREATE TABLE "quest_recommendations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"quest_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"score" numeric(5, 2),
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quest_recommendations_status_check" CHECK (status in ('pending', 'accepted', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "repayment_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"remaining_amount" numeric(12, 2) NOT NULL,
	"installment_amount" numeric(12, 2) NOT NULL,
	"cost_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cost_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"frequency" varchar(20) DEFAULT 'monthly' NOT NULL,
	"next_payment_date" timestamp with time zone,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"payment_method" varchar(20) DEFAULT 'bank' NOT NULL,
	"withholding_percentage" numeric(5, 2),
	"platform_fee_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"currency" varchar(3) DEFAULT 'ZAR' NOT NULL,
	"estimated_remaining_duration" integer,
	"estimated_period" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repayment_schedules_application_id_unique" UNIQUE("application_id"),
	CONSTRAINT "schedules_frequency_check" CHECK (frequency in ('automatic', 'weekly', 'biweekly', 'monthly')),
	CONSTRAINT "schedules_method_check" CHECK (payment_method in ('platform_earnings', 'credit_card', 'bank_debit', 'manual', 'bank', 'platform_wallet')),
	CONSTRAINT "schedules_status_check" CHECK (status in ('pending', 'active', 'completed', 'defaulted', 'cancelled')),
	CONSTRAINT "schedules_amounts_check" CHECK (total_amount >= 0 and remaining_amount >= 0 and installment_amount >= 0),
	CONSTRAINT "schedules_remaining_le_total_check" CHECK (remaining_amount <= total_amount),
	CONSTRAINT "schedules_withholding_check" CHECK (withholding_percentage is null or withholding_percentage between 0 and 100),
	CONSTRAINT "schedules_fee_rate_check" CHECK (platform_fee_rate between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"impersonated_user_id" integer,
	"persistent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(400),
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_admin_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"admin_id" integer,
	"action" varchar(60) NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_insights" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"analysis_id" varchar(64) NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"analysis" jsonb NOT NULL,
	"insight" text,
	"industry_focus" varchar(20) DEFAULT 'general' NOT NULL,
	"context" text,
	"created_by" integer,
	CONSTRAINT "user_insights_analysis_id_unique" UNIQUE("analysis_id"),
	CONSTRAINT "user_insights_focus_check" CHECK (industry_focus in ('general', 'risk', 'growth', 'marketing'))
);
--> statement-breakpoint
CREATE TABLE "user_platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	"username" varchar(200),
	"profile_url" varchar(500),
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_quest_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"preferred_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"difficulty" varchar(20) DEFAULT 'beginner' NOT NULL,
	"learning_goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_quest_preferences_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "quest_preferences_difficulty_check" CHECK (difficulty in ('beginner', 'intermediate', 'advanced'))
);
--> statement-breakpoint
CREATE TABLE "user_quest_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"quest_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'not_started' NOT NULL,
	"current_step" integer DEFAULT 0 NOT NULL,
	"completed_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"xp_earned" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "quest_progress_status_check" CHECK (status in ('not_started', 'in_progress', 'completed')),
	CONSTRAINT "quest_progress_step_check" CHECK (current_step >= 0 and xp_earned >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"country" varchar(100) DEFAULT 'Default' NOT NULL,
	"city" varchar(100) DEFAULT 'Default' NOT NULL,
	"creator_type" varchar(20) DEFAULT 'full-time' NOT NULL,
	"bio" text,
	"role" varchar(20) DEFAULT 'user' NOT NULL,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"admin_notes" text,
	"last_status_change" timestamp with time zone,
	"status_change_reason" text,
	"verified" boolean DEFAULT false NOT NULL,
	"social_media_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bank_name" varchar(100),
	"account_number" varchar(20),
	"branch_code" varchar(10),
	"account_type" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK (role in ('user', 'admin')),
	CONSTRAINT "users_status_check" CHECK (status in ('active', 'suspended', 'deleted')),
	CONSTRAINT "users_creator_type_check" CHECK (creator_type in ('full-time', 'part-time', 'hobby')),
	CONSTRAINT "users_account_type_check" CHECK (account_type is null or account_type in ('savings', 'current', 'transmission'))
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_metrics" ADD CONSTRAINT "creator_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_platforms" ADD CONSTRAINT "creator_platforms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verification_codes" ADD CONSTRAINT "email_verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_files" ADD CONSTRAINT "proof_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_recommendations" ADD CONSTRAINT "quest_recommendations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_recommendations" ADD CONSTRAINT "quest_recommendations_quest_id_learning_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."learning_quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD CONSTRAINT "repayment_schedules_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonated_user_id_users_id_fk" FOREIGN KEY ("impersonated_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_admin_actions" ADD CONSTRAINT "user_admin_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_admin_actions" ADD CONSTRAINT "user_admin_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_insights" ADD CONSTRAINT "user_insights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_insights" ADD CONSTRAINT "user_insights_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_platforms" ADD CONSTRAINT "user_platforms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_platforms" ADD CONSTRAINT "user_platforms_platform_id_creator_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."creator_platforms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quest_preferences" ADD CONSTRAINT "user_quest_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quest_progress" ADD CONSTRAINT "user_quest_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quest_progress" ADD CONSTRAINT "user_quest_progress_quest_id_learning_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."learning_quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cached_articles_category_idx" ON "cached_articles" USING btree ("category");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_platforms_name_lower_idx" ON "creator_platforms" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "email_codes_user_purpose_idx" ON "email_verification_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "events_city_date_idx" ON "events" USING btree ("city","date");--> statement-breakpoint
CREATE INDEX "applications_user_idx" ON "financing_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "financing_applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "ledger_entries_application_idx" ON "ledger_entries" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account");--> statement-breakpoint
CREATE INDEX "login_attempts_username_idx" ON "login_attempts" USING btree (lower("username"),"created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "password_reset_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_application_idx" ON "payments" USING btree ("application_id","payment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_idx" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "proof_files_user_idx" ON "proof_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quest_recommendations_user_idx" ON "quest_recommendations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "schedules_status_next_idx" ON "repayment_schedules" USING btree ("status","next_payment_date");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "admin_actions_user_idx" ON "user_admin_actions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_actions_admin_idx" ON "user_admin_actions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "user_insights_user_idx" ON "user_insights" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "user_platforms_user_platform_idx" ON "user_platforms" USING btree ("user_id","platform_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quest_progress_user_quest_idx" ON "user_quest_progress" USING btree ("user_id","quest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));