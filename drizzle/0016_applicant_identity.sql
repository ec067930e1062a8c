ALTER TABLE "financing_applications" ADD COLUMN "identity_type" varchar(10);--> statement-breakpoint
ALTER TABLE "financing_applications" ADD COLUMN "id_number" varchar(13);--> statement-breakpoint
ALTER TABLE "financing_applications" ADD COLUMN "passport_number" varchar(20);--> statement-breakpoint
ALTER TABLE "financing_applications" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD COLUMN "registration_number" varchar(20);--> statement-breakpoint
ALTER TABLE "financing_applications" ADD COLUMN "annual_turnover" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "financing_applications" ADD COLUMN "asset_value" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "financing_applications" ADD COLUMN "nca_applies" boolean;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD COLUMN "nca_scope" text;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD COLUMN "consumer_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Living expenses make an agreement consumer credit (docs/compliance.md, "Scope"): applications from before too.
UPDATE "financing_applications" SET "consumer_credit" = true WHERE "use_of_funds" ? 'living_expenses';
