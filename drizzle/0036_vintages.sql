CREATE TABLE "vintage_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"computed_by" integer,
	"cohorts" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vintage_snapshots" ADD CONSTRAINT "vintage_snapshots_computed_by_users_id_fk" FOREIGN KEY ("computed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vintage_snapshots_computed_idx" ON "vintage_snapshots" USING btree ("computed_at");