ALTER TYPE "public"."import_run_state" ADD VALUE 'PREVIEW' BEFORE 'SUCCEEDED';--> statement-breakpoint
DROP INDEX "article_import_runs_one_active";--> statement-breakpoint
ALTER TABLE "article_import_runs" ADD COLUMN "preview" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "article_import_runs_one_active" ON "article_import_runs" USING btree ((true)) WHERE "article_import_runs"."state" not in ('SUCCEEDED', 'FAILED', 'ABORTED');