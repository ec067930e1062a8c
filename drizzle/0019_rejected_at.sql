ALTER TABLE "financing_applications" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "applications_rejected_idx" ON "financing_applications" USING btree ("rejected_at") WHERE rejected_at is not null;--> statement-breakpoint
-- Rejections made before the column: the newest audit row of the change to rejected (the lifecycle writes
-- '#<id>: status <from> → rejected' in the change's transaction), else the row's last update.
UPDATE "financing_applications" a SET "rejected_at" = coalesce((
  SELECT max(x.created_at) FROM user_admin_actions x
  WHERE x.user_id = a.user_id AND x.action = 'application_updated' AND x.notes LIKE '#' || a.id || ': %→ rejected%'
), a.updated_at)
WHERE a.status IN ('rejected', 'rejected_testing');
