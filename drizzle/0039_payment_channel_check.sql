ALTER TABLE "payments" ADD COLUMN "channel" varchar(20);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_reference" varchar(100);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_channel_check" CHECK (channel is null or (kind = 'manual' and channel in ('eft', 'cash_deposit', 'card', 'other')));