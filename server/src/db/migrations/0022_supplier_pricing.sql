-- Pricing desk (SPEC §4 offers): supplier pricing settings, and per offer line its price before markup and its source.
-- price_per_piece gains two decimals: a terminal priced per 100 costs fractions of a cent per piece.
CREATE TYPE "public"."offer_price_source" AS ENUM('WHOLESALER', 'DISCOUNT_GROUP', 'CATALOG', 'MANUAL');--> statement-breakpoint
CREATE TABLE "supplier_discounts" (
	"company_id" uuid NOT NULL,
	"discount_group_id" uuid NOT NULL,
	"percent" numeric(7, 2) NOT NULL,
	CONSTRAINT "supplier_discounts_company_id_discount_group_id_pk" PRIMARY KEY("company_id","discount_group_id"),
	CONSTRAINT "supplier_discounts_percent_check" CHECK ("supplier_discounts"."percent" >= 0 and "supplier_discounts"."percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "supplier_pricing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"wholesaler_id" uuid,
	"markup_percent" numeric(7, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "supplier_pricing_markup_check" CHECK ("supplier_pricing"."markup_percent" >= 0 and "supplier_pricing"."markup_percent" <= 1000)
);
--> statement-breakpoint
ALTER TABLE "bom_lines" ALTER COLUMN "price_per_piece" SET DATA TYPE numeric(14, 4);--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "base_price_per_piece" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "price_source" "offer_price_source";--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "price_source_name" text;--> statement-breakpoint
ALTER TABLE "supplier_discounts" ADD CONSTRAINT "supplier_discounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_discounts" ADD CONSTRAINT "supplier_discounts_discount_group_id_discount_groups_id_fk" FOREIGN KEY ("discount_group_id") REFERENCES "public"."discount_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_pricing" ADD CONSTRAINT "supplier_pricing_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_pricing" ADD CONSTRAINT "supplier_pricing_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_discounts_group_idx" ON "supplier_discounts" USING btree ("discount_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_pricing_company_idx" ON "supplier_pricing" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "supplier_pricing_wholesaler_idx" ON "supplier_pricing" USING btree ("wholesaler_id");