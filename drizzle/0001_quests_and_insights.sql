ALTER TABLE "learning_quests" ADD COLUMN "slug" varchar(80) NOT NULL;--> statement-breakpoint
ALTER TABLE "learning_quests" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "learning_quests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_insights" ADD COLUMN "source" varchar(10) DEFAULT 'rules' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_quest_progress" ADD COLUMN "quiz_answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "learning_quests" ADD CONSTRAINT "learning_quests_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "user_insights" ADD CONSTRAINT "user_insights_source_check" CHECK (source in ('ai', 'rules'));