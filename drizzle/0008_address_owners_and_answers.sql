ALTER TABLE "idempotency_keys" ADD COLUMN "subject_user_id" integer;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_subject_idx" ON "idempotency_keys" USING btree ("subject_user_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_user_idx" ON "login_attempts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_unowned_idx" ON "mail_outbox" USING btree (lower("to_address")) WHERE user_id is null;--> statement-breakpoint
-- Records kept before this migration had no owner for mail sent to an address and for sign-in attempts: each
-- goes to the account that has verified that address now (decision 025), as a newly verified address takes its
-- unowned records from here on. Mail already about a person keeps its owner.
UPDATE "mail_outbox" m SET "user_id" = u."id" FROM "users" u
  WHERE m."user_id" IS NULL AND lower(m."to_address") = lower(u."username") AND u."verified" AND u."anonymised_at" IS NULL;--> statement-breakpoint
UPDATE "login_attempts" a SET "user_id" = u."id" FROM "users" u
  WHERE a."user_id" IS NULL AND lower(a."username") = lower(u."username") AND u."verified" AND u."anonymised_at" IS NULL;--> statement-breakpoint
-- A stored payment answer is about the creator whose loan was paid (route 'payments:<application id>').
UPDATE "idempotency_keys" k SET "subject_user_id" = a."user_id" FROM "financing_applications" a
  WHERE k."subject_user_id" IS NULL AND k."route" = 'payments:' || a."id";
