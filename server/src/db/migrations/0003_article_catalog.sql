CREATE TYPE "public"."import_run_state" AS ENUM('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'ABORTED');--> statement-breakpoint
CREATE TYPE "public"."length_unit" AS ENUM('MM', 'CM', 'DM', 'M');--> statement-breakpoint
CREATE TYPE "public"."weight_unit" AS ENUM('MG', 'G', 'KG');--> statement-breakpoint
CREATE TABLE "article_import_errors" (
	"run_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"order_number" text,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"config_id" uuid,
	"config_title" text NOT NULL,
	"started_by" uuid,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"state" "import_run_state" DEFAULT 'QUEUED' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"total_rows" integer,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"last_committed_line" integer,
	"abort_requested" boolean DEFAULT false NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"manufacturer_id" uuid,
	"wholesaler_id" uuid,
	"default_unit_id" uuid,
	"filename" text,
	"sample_path" text,
	"headers" text[] DEFAULT '{}'::text[] NOT NULL,
	"header_row_index" integer DEFAULT 1 NOT NULL,
	"field_mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unit_width" "length_unit" DEFAULT 'CM' NOT NULL,
	"unit_height" "length_unit" DEFAULT 'CM' NOT NULL,
	"unit_depth" "length_unit" DEFAULT 'CM' NOT NULL,
	"unit_weight" "weight_unit" DEFAULT 'KG' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "articles_manufacturer_idx";--> statement-breakpoint
ALTER TABLE "article_alternative_numbers" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "article_import_errors" ADD CONSTRAINT "article_import_errors_run_id_article_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."article_import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_import_runs" ADD CONSTRAINT "article_import_runs_config_id_import_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."import_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_import_runs" ADD CONSTRAINT "article_import_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_configs" ADD CONSTRAINT "import_configs_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_configs" ADD CONSTRAINT "import_configs_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_configs" ADD CONSTRAINT "import_configs_default_unit_id_units_id_fk" FOREIGN KEY ("default_unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_import_errors_run_idx" ON "article_import_errors" USING btree ("run_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "article_import_runs_one_active" ON "article_import_runs" USING btree ((true)) WHERE "article_import_runs"."state" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "article_import_runs_created_idx" ON "article_import_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "import_configs_title_idx" ON "import_configs" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "import_configs_manufacturer_idx" ON "import_configs" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "import_configs_wholesaler_idx" ON "import_configs" USING btree ("wholesaler_id");--> statement-breakpoint
CREATE INDEX "import_configs_unit_idx" ON "import_configs" USING btree ("default_unit_id");--> statement-breakpoint
CREATE INDEX "article_alternative_numbers_number_idx" ON "article_alternative_numbers" USING btree (lower("number") collate "C");--> statement-breakpoint
CREATE INDEX "article_alternative_numbers_trgm_idx" ON "article_alternative_numbers" USING gin (lower("number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_manufacturer_order_number_idx" ON "articles" USING btree ("manufacturer_id",lower("order_number") collate "C","id","order_number");--> statement-breakpoint
CREATE INDEX "articles_order_number_idx" ON "articles" USING btree (lower("order_number") collate "C","id","order_number");--> statement-breakpoint
CREATE INDEX "articles_manufacturer_number_idx" ON "articles" USING btree (lower("manufacturer_number") collate "C","id","manufacturer_number");--> statement-breakpoint
CREATE INDEX "articles_list_price_idx" ON "articles" USING btree ("list_price","id");--> statement-breakpoint
CREATE INDEX "articles_weight_idx" ON "articles" USING btree ("weight","id");--> statement-breakpoint
CREATE INDEX "articles_manufacturer_manufacturer_number_idx" ON "articles" USING btree ("manufacturer_id",lower("manufacturer_number") collate "C","id","manufacturer_number");--> statement-breakpoint
CREATE INDEX "articles_manufacturer_list_price_idx" ON "articles" USING btree ("manufacturer_id","list_price","id");--> statement-breakpoint
CREATE INDEX "articles_manufacturer_weight_idx" ON "articles" USING btree ("manufacturer_id","weight","id");--> statement-breakpoint
CREATE INDEX "articles_order_number_trgm_idx" ON "articles" USING gin (lower("order_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_manufacturer_number_trgm_idx" ON "articles" USING gin (lower("manufacturer_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_description_trgm_idx" ON "articles" USING gin (lower("description") gin_trgm_ops);