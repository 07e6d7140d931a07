-- A line has exactly one owner (bom_lines_one_owner_check), yet each of the three owner indexes held an entry
-- for every line, two of them with an empty owner: every line written paid for three index entries where one
-- is read. Each index now holds the lines of its own owner kind; a query naming its owner (owner = value)
-- implies the condition and uses it as before.
DROP INDEX "bom_lines_enquiry_bom_order_idx";--> statement-breakpoint
DROP INDEX "bom_lines_admin_bom_order_idx";--> statement-breakpoint
DROP INDEX "bom_lines_offer_order_idx";--> statement-breakpoint
CREATE INDEX "bom_lines_enquiry_bom_order_idx" ON "bom_lines" USING btree ("enquiry_bom_id","generation",lower("order_number") collate "C","row_number") WHERE "bom_lines"."enquiry_bom_id" is not null;--> statement-breakpoint
CREATE INDEX "bom_lines_admin_bom_order_idx" ON "bom_lines" USING btree ("admin_bom_id","generation",lower("order_number") collate "C","row_number") WHERE "bom_lines"."admin_bom_id" is not null;--> statement-breakpoint
CREATE INDEX "bom_lines_offer_order_idx" ON "bom_lines" USING btree ("offer_id","generation",lower("order_number") collate "C","row_number") WHERE "bom_lines"."offer_id" is not null;
