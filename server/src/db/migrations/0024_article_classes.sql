-- Catalog import (BMEcat, DATANORM): the classes of the trade and the references an article carries, what a
-- run reads beyond the article's fields until it writes, and the format of a run without configuration.
CREATE TABLE "article_classes" (
  "article_id" uuid NOT NULL REFERENCES "articles"("id") ON DELETE CASCADE,
  "system" text NOT NULL,
  "code" text NOT NULL,
  "version" text,
  "irdi" text,
  CONSTRAINT "article_classes_article_id_system_code_pk" PRIMARY KEY ("article_id", "system", "code")
);--> statement-breakpoint
CREATE INDEX "article_classes_code_idx" ON "article_classes" ("system", "code");--> statement-breakpoint
CREATE TABLE "article_references" (
  "article_id" uuid NOT NULL REFERENCES "articles"("id") ON DELETE CASCADE,
  "type" text NOT NULL,
  "order_number" text NOT NULL,
  CONSTRAINT "article_references_article_id_type_order_number_pk" PRIMARY KEY ("article_id", "type", "order_number")
);--> statement-breakpoint
CREATE TABLE "article_import_catalog_extras" (
  "run_id" uuid NOT NULL REFERENCES "article_import_runs"("id") ON DELETE CASCADE,
  "line" integer NOT NULL,
  "classes" jsonb,
  "refs" jsonb,
  CONSTRAINT "article_import_catalog_extras_run_id_line_pk" PRIMARY KEY ("run_id", "line")
);--> statement-breakpoint
ALTER TABLE "article_import_runs" ADD COLUMN "catalog_format" text;
