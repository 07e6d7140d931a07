-- SPEC §3 BOM line matching info: catalogs and BOMs spell the same number differently (3RT2015-1BB41,
-- 3rt2015 1bb41, 3RT20151BB41). The normalised key (A–Z, Ä, Ö, Ü lower-cased; space, tab, no-break space,
-- '-', '.', '/', '_' removed) is a stored generated column, so every import keeps it without code, with a
-- btree index for the matching step and a trigram index for the suggestions. translate() depends on no
-- locale: numberKey in domain/rules/number-key.ts computes the same key (tested against this expression).
ALTER TABLE "articles" ADD COLUMN "order_number_key" text COLLATE "C" GENERATED ALWAYS AS (translate("order_number", E'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ \t\u00a0-./_', 'abcdefghijklmnopqrstuvwxyzäöü')) STORED;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "manufacturer_number_key" text COLLATE "C" GENERATED ALWAYS AS (translate("manufacturer_number", E'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ \t\u00a0-./_', 'abcdefghijklmnopqrstuvwxyzäöü')) STORED;--> statement-breakpoint
ALTER TABLE "article_alternative_numbers" ADD COLUMN "number_key" text COLLATE "C" GENERATED ALWAYS AS (translate("number", E'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ \t\u00a0-./_', 'abcdefghijklmnopqrstuvwxyzäöü')) STORED;--> statement-breakpoint
CREATE INDEX "articles_order_number_key_idx" ON "articles" USING btree ("order_number_key","manufacturer_id");--> statement-breakpoint
CREATE INDEX "articles_manufacturer_number_key_idx" ON "articles" USING btree ("manufacturer_number_key","manufacturer_id");--> statement-breakpoint
CREATE INDEX "article_alternative_numbers_number_key_idx" ON "article_alternative_numbers" USING btree ("number_key");--> statement-breakpoint
CREATE INDEX "articles_order_number_key_trgm_idx" ON "articles" USING gin ("order_number_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_manufacturer_number_key_trgm_idx" ON "articles" USING gin ("manufacturer_number_key" gin_trgm_ops);--> statement-breakpoint
-- A BOM's ERP number column matches the article's ERP number (case-insensitive, like the other numbers).
CREATE INDEX "articles_erp_number_idx" ON "articles" USING btree (lower("erp_number") collate "C");--> statement-breakpoint
-- How a line found its article (shown as "Schreibweise abweichend", "Hersteller abweichend" …) and, for a
-- line not found, up to three similar catalog articles.
CREATE TYPE "public"."bom_match_kind" AS ENUM('EXACT', 'NORMALISED', 'NUMBER_ONLY', 'ALTERNATIVE', 'MANUAL');--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "match_kind" "bom_match_kind";--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "bom_lines" SET "match_kind" = CASE WHEN "manual_replacement" THEN 'MANUAL'::"bom_match_kind" ELSE 'EXACT'::"bom_match_kind" END WHERE "matched_article_id" IS NOT NULL;
