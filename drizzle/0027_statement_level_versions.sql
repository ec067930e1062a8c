-- A creator's data version is bumped once per statement and creator, not once per row (a bank statement's
-- batch writes hundreds of payments, schedules and instalments in one statement each, and the per-row trigger ran a
-- lookup and an upsert of the same few version rows for every one of them). The version only has to change.
-- Transition tables need one trigger per event; the rows are named changed_rows in each. Within a statement the keys
-- are written in order (a transaction of several statements can still take them in another order: the bank import
-- runs a batch again when the database breaks a deadlock).
DROP TRIGGER financing_applications_data_version ON financing_applications;--> statement-breakpoint
DROP TRIGGER repayment_schedules_data_version ON repayment_schedules;--> statement-breakpoint
DROP TRIGGER payments_data_version ON payments;--> statement-breakpoint
DROP TRIGGER repayment_instalments_data_version ON repayment_instalments;--> statement-breakpoint
DROP TRIGGER settlement_quotes_data_version ON settlement_quotes;--> statement-breakpoint
DROP FUNCTION bump_creator_version();--> statement-breakpoint
CREATE FUNCTION bump_creator_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'financing_applications' THEN
    INSERT INTO data_versions (key, version)
      SELECT DISTINCT 'creator:' || r.user_id, 1 FROM changed_rows r WHERE r.user_id IS NOT NULL ORDER BY 1
      ON CONFLICT (key) DO UPDATE SET version = data_versions.version + 1;
    -- The admin Users list shows how many applications each user has.
    IF TG_OP <> 'UPDATE' AND EXISTS (SELECT 1 FROM changed_rows) THEN PERFORM bump_data_version('users'); END IF;
  ELSIF TG_TABLE_NAME = 'repayment_instalments' THEN
    INSERT INTO data_versions (key, version)
      SELECT DISTINCT 'creator:' || a.user_id, 1 FROM changed_rows r
        JOIN repayment_schedules s ON s.id = r.schedule_id
        JOIN financing_applications a ON a.id = s.application_id
      ORDER BY 1
      ON CONFLICT (key) DO UPDATE SET version = data_versions.version + 1;
  ELSE
    INSERT INTO data_versions (key, version)
      SELECT DISTINCT 'creator:' || a.user_id, 1 FROM changed_rows r
        JOIN financing_applications a ON a.id = r.application_id
      ORDER BY 1
      ON CONFLICT (key) DO UPDATE SET version = data_versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER financing_applications_data_version_insert AFTER INSERT ON financing_applications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER financing_applications_data_version_update AFTER UPDATE ON financing_applications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER financing_applications_data_version_delete AFTER DELETE ON financing_applications
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER repayment_schedules_data_version_insert AFTER INSERT ON repayment_schedules
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER repayment_schedules_data_version_update AFTER UPDATE ON repayment_schedules
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER repayment_schedules_data_version_delete AFTER DELETE ON repayment_schedules
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER payments_data_version_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER payments_data_version_update AFTER UPDATE ON payments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER payments_data_version_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER repayment_instalments_data_version_insert AFTER INSERT ON repayment_instalments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER repayment_instalments_data_version_update AFTER UPDATE ON repayment_instalments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER repayment_instalments_data_version_delete AFTER DELETE ON repayment_instalments
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER settlement_quotes_data_version_insert AFTER INSERT ON settlement_quotes
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER settlement_quotes_data_version_update AFTER UPDATE ON settlement_quotes
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();--> statement-breakpoint
CREATE TRIGGER settlement_quotes_data_version_delete AFTER DELETE ON settlement_quotes
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_creator_versions();
