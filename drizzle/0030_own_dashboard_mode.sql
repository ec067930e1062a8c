ALTER TABLE "users" ADD COLUMN "dashboard_mode" varchar(12) DEFAULT 'production' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dashboard_mode_check" CHECK (dashboard_mode in ('production', 'testing', 'hybrid'));--> statement-breakpoint
-- Staff keep the view the one switch gave everyone until now; the switch itself (app_settings 'dashboard_mode') is no
-- longer read.
UPDATE "users" SET "dashboard_mode" = s.value #>> '{}'
  FROM "app_settings" s
  WHERE s.key = 'dashboard_mode' AND s.value #>> '{}' IN ('production', 'testing', 'hybrid') AND "users"."role" <> 'user';
