ALTER TABLE "repayment_instalments" DROP CONSTRAINT "instalments_amounts_check";--> statement-breakpoint
DROP INDEX "allocations_payment_instalment_idx";--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_by" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversal_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD COLUMN "deferred_by_payment_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD CONSTRAINT "repayment_instalments_deferred_by_payment_id_payments_id_fk" FOREIGN KEY ("deferred_by_payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allocations_payment_instalment_idx" ON "payment_allocations" USING btree ("payment_id","instalment_id") WHERE reversed_at is null;--> statement-breakpoint
ALTER TABLE "repayment_instalments" ADD CONSTRAINT "instalments_amounts_check" CHECK (amount_due >= 0 and amount_deferred >= 0 and amount_paid >= 0 and amount_rebated >= 0 and amount_paid + amount_rebated <= amount_due);