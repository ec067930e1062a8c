-- Indexes for the paged admin lists (trigram search needs pg_trgm), running totals of paid
-- amounts and fees per schedule, and data versions kept by triggers for cheap ETag polls.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "data_versions" (
	"key" varchar(40) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "applications_status_idx";--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "paid_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD COLUMN "fees_paid" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "financing_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "applications_amount_idx" ON "financing_applications" USING btree ("requested_amount","id");--> statement-breakpoint
CREATE INDEX "applications_score_idx" ON "financing_applications" USING btree ("credit_score","id");--> statement-breakpoint
CREATE INDEX "applications_search_trgm_idx" ON "financing_applications" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("business_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "schedules_next_idx" ON "repayment_schedules" USING btree ("next_payment_date","application_id");--> statement-breakpoint
CREATE INDEX "schedules_remaining_idx" ON "repayment_schedules" USING btree ("remaining_amount","application_id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "financing_applications" USING btree ("status","created_at","id");--> statement-breakpoint
ALTER TABLE "repayment_schedules" ADD CONSTRAINT "schedules_paid_check" CHECK (paid_amount >= 0 and fees_paid >= 0);--> statement-breakpoint
UPDATE "repayment_schedules" s SET "paid_amount" = t.amount, "fees_paid" = t.fee
FROM (
  SELECT p.application_id, sum(p.amount) AS amount, sum(p.platform_fee) AS fee
  FROM "payments" p GROUP BY p.application_id
) t
WHERE t.application_id = s.application_id;--> statement-breakpoint
-- One bump per key and statement row; the version only has to change, never to count anything.
CREATE FUNCTION bump_data_version(version_key text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO data_versions (key, version) VALUES (version_key, 1)
  ON CONFLICT (key) DO UPDATE SET version = data_versions.version + 1;
$$;--> statement-breakpoint
-- What a creator sees changed: their applications, and the schedules, payments, instalments and quotes
-- behind them. The owner is found from the row (directly, or through its application or schedule).
CREATE FUNCTION bump_creator_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  owner integer;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'financing_applications' THEN
    owner := changed.user_id;
    -- The admin Users list shows how many applications each user has.
    IF TG_OP <> 'UPDATE' THEN PERFORM bump_data_version('users'); END IF;
  ELSIF TG_TABLE_NAME = 'repayment_instalments' THEN
    SELECT a.user_id INTO owner FROM repayment_schedules s
      JOIN financing_applications a ON a.id = s.application_id WHERE s.id = changed.schedule_id;
  ELSE
    SELECT a.user_id INTO owner FROM financing_applications a WHERE a.id = changed.application_id;
  END IF;
  IF owner IS NOT NULL THEN PERFORM bump_data_version('creator:' || owner); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER financing_applications_data_version AFTER INSERT OR UPDATE OR DELETE ON financing_applications
  FOR EACH ROW EXECUTE FUNCTION bump_creator_version();--> statement-breakpoint
CREATE TRIGGER repayment_schedules_data_version AFTER INSERT OR UPDATE OR DELETE ON repayment_schedules
  FOR EACH ROW EXECUTE FUNCTION bump_creator_version();--> statement-breakpoint
CREATE TRIGGER payments_data_version AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION bump_creator_version();--> statement-breakpoint
CREATE TRIGGER repayment_instalments_data_version AFTER INSERT OR UPDATE OR DELETE ON repayment_instalments
  FOR EACH ROW EXECUTE FUNCTION bump_creator_version();--> statement-breakpoint
CREATE TRIGGER settlement_quotes_data_version AFTER INSERT OR UPDATE OR DELETE ON settlement_quotes
  FOR EACH ROW EXECUTE FUNCTION bump_creator_version();--> statement-breakpoint
-- The admin Users list: a user's row as the list shows it, or a user added or removed.
CREATE FUNCTION bump_users_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.username, NEW.first_name, NEW.last_name, NEW.role, NEW.status, NEW.verified)
      IS NOT DISTINCT FROM (OLD.username, OLD.first_name, OLD.last_name, OLD.role, OLD.status, OLD.verified) THEN
    RETURN NULL;
  END IF;
  PERFORM bump_data_version('users');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_data_version AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION bump_users_version();
