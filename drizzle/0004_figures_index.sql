-- The columns the admin overview and the lending figures read from every application, in one narrow
-- covering index. Those queries then read about 6 MB of index (index-only scans) instead of the 240 MB table,
-- whose rows carry the score breakdowns, at 100,000 applications. Hand-written: drizzle's index builder has
-- no INCLUDE (src/server/db/schema.ts says so beside the indexes).
CREATE INDEX "applications_figures_idx" ON "financing_applications" USING btree ("id") INCLUDE ("status", "requested_amount", "credit_score", "user_id", "created_at");
--> statement-breakpoint
-- The orders of the Applications tab carry the status, so a page's ids come from the index alone (the dashboard
-- mode filters on the status) however deep the page.
DROP INDEX "applications_created_idx";--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "financing_applications" USING btree ("created_at","id") INCLUDE ("status");--> statement-breakpoint
DROP INDEX "applications_amount_idx";--> statement-breakpoint
CREATE INDEX "applications_amount_idx" ON "financing_applications" USING btree ("requested_amount","id") INCLUDE ("status");--> statement-breakpoint
DROP INDEX "applications_score_idx";--> statement-breakpoint
CREATE INDEX "applications_score_idx" ON "financing_applications" USING btree ("credit_score","id") INCLUDE ("status");
