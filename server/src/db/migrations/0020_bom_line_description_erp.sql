-- EPLAN's "Bezeichnung" and "ERP-Nummer" of a BOM line, shown in the lines table, the offer's articles and
-- the exports; and the supplied-part column a BOM's values suggest (proposed with the mapping at upload,
-- read from the rows below the header, so the proposal does not read the file again).
ALTER TABLE "bom_lines" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "erp_number" text;--> statement-breakpoint
ALTER TABLE "enquiry_boms" ADD COLUMN "supplied_part_proposal" jsonb;--> statement-breakpoint
ALTER TABLE "admin_boms" ADD COLUMN "supplied_part_proposal" jsonb;
