-- SPEC §3 BOM line: the lines of matched BOMs (enquiry BOMs and the operator's BOM results) and
-- portal_name_key(text), the normalised key of a company name (case, punctuation, spaces, umlauts spelt
-- out, accents and legal forms at the end do not count: "Weidmüller GmbH & Co. KG" = "WEIDMUELLER"). It is
-- the SQL twin of normaliseManufacturerName in domain/rules/name-normaliser.ts (this text is that module's
-- MANUFACTURER_NAME_KEY_FUNCTION_SQL; a server test compares both on sample names). It is created before the
-- expression index on manufacturer_names that serves the BOM matching's manufacturer look-up.
CREATE FUNCTION "portal_name_key"("value" text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.replace(pg_catalog.regexp_replace(pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.translate(portal_fold("value"), 'àÀáÁâÂãÃåÅāĀăĂąĄçÇćĆčČďĎđĐèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪįĮłŁľĽĺĹñÑńŃňŇòÒóÓôÔõÕøØōŌőŐŕŔřŘśŚšŠşŞťŤţŢùÙúÚûÛůŮūŪűŰųŲýÝÿŸźŹżŻžŽ', 'aaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeeeiiiiiiiiiiiillllllnnnnnnoooooooooooooorrrrssssssttttuuuuuuuuuuuuuuyyyyzzzzzz'), '[^a-z0-9]+', ' ', 'g')), '(?:(?: (?:und|and))? (?:ug haftungsbeschraenkt|haftungsbeschraenkt|incorporated|corporation|ges m b h|sp z o o|company|limited|s a r l|gesmbh|e kfm|e kfr|ggmbh|s a s|s p a|s r l|s r o|corp|gmbh|kgaa|sarl|a s|aps|b v|cie|e k|e v|gbr|inc|kft|llc|llp|ltd|mbh|n v|ohg|oyj|plc|pty|s a|s l|sas|spa|srl|ab|ag|as|bv|co|eg|ek|kg|nv|oy|sa|se|sl|ug))+$', ''), ' ', '');--> statement-breakpoint
CREATE TYPE "public"."bom_line_status" AS ENUM('MATCHED', 'NOT_FOUND', 'DUPLICATE', 'WRONG_UNIT', 'MISSING_VALUES', 'SUPPLIED');--> statement-breakpoint
CREATE TABLE "admin_boms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"size" bigint NOT NULL,
	"header_row_index" integer NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb,
	"supplied_part_text" text,
	"lines_generation" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_boms_header_row_check" CHECK ("admin_boms"."header_row_index" >= 1)
);
--> statement-breakpoint
CREATE TABLE "bom_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_bom_id" uuid,
	"admin_bom_id" uuid,
	"row_number" integer NOT NULL,
	"quantity" numeric(18, 4),
	"article_quantity" numeric(18, 4),
	"quantity_unit_name" text,
	"quantity_unit_id" uuid,
	"is_supplied_part" boolean DEFAULT false NOT NULL,
	"function_designation" text,
	"functional_assignment" text,
	"location_identifier" text,
	"installation_location" text,
	"bmk" text,
	"wholesaler_order_number" text,
	"order_number" text,
	"manufacturer_number" text,
	"manufacturer_name" text,
	"manufacturer_id" uuid,
	"matched_article_id" uuid,
	"manual_replacement" boolean DEFAULT false NOT NULL,
	"status" "bom_line_status" NOT NULL,
	"candidate_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"raw" jsonb NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bom_lines_one_owner_check" CHECK (num_nonnulls("bom_lines"."enquiry_bom_id", "bom_lines"."admin_bom_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "enquiry_boms" ADD COLUMN "lines_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_boms" ADD CONSTRAINT "admin_boms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_enquiry_bom_id_enquiry_boms_id_fk" FOREIGN KEY ("enquiry_bom_id") REFERENCES "public"."enquiry_boms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_admin_bom_id_admin_boms_id_fk" FOREIGN KEY ("admin_bom_id") REFERENCES "public"."admin_boms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_quantity_unit_id_units_id_fk" FOREIGN KEY ("quantity_unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_matched_article_id_articles_id_fk" FOREIGN KEY ("matched_article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_boms_storage_key_idx" ON "admin_boms" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "admin_boms_created_idx" ON "admin_boms" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bom_lines_enquiry_bom_order_idx" ON "bom_lines" USING btree ("enquiry_bom_id","generation",lower("order_number") collate "C","row_number");--> statement-breakpoint
CREATE INDEX "bom_lines_admin_bom_order_idx" ON "bom_lines" USING btree ("admin_bom_id","generation",lower("order_number") collate "C","row_number");--> statement-breakpoint
CREATE INDEX "bom_lines_matched_article_idx" ON "bom_lines" USING btree ("matched_article_id");--> statement-breakpoint
CREATE INDEX "bom_lines_open_order_number_idx" ON "bom_lines" USING btree (lower("order_number") collate "C") WHERE "bom_lines"."status" in ('NOT_FOUND', 'DUPLICATE', 'WRONG_UNIT');--> statement-breakpoint
CREATE INDEX "bom_lines_open_manufacturer_number_idx" ON "bom_lines" USING btree (lower("manufacturer_number") collate "C") WHERE "bom_lines"."status" in ('NOT_FOUND', 'DUPLICATE', 'WRONG_UNIT');--> statement-breakpoint
CREATE INDEX "manufacturer_names_name_key_idx" ON "manufacturer_names" USING btree (portal_name_key("name"));