-- A schedule carries its application's creator: the lending figures pick a creator's or a platform's
-- loans from the schedules alone. Existing schedules take it from their application, then it is required.
ALTER TABLE "repayment_schedules" ADD COLUMN "user_id" integer;--> statement-breakpoint
UPDATE "repayment_schedules" s SET "user_id" = a."user_id" FROM "financing_applications" a WHERE a."id" = s."application_id";--> statement-breakpoint
ALTER TABLE "repayment_schedules" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD CONSTRAINT "repayment_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_user_idx" ON "repayment_schedules" USING btree ("user_id");
