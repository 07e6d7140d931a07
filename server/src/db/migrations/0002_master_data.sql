CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."article_import_source" AS ENUM('MYSQL', 'MANUAL', 'CSV');--> statement-breakpoint
CREATE TYPE "public"."article_number_kind" AS ENUM('ORDER', 'MANUFACTURER');--> statement-breakpoint
CREATE TABLE "article_alternative_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"kind" "article_number_kind" NOT NULL,
	"number" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_wholesaler_infos" (
	"article_id" uuid NOT NULL,
	"wholesaler_id" uuid NOT NULL,
	"order_number" text,
	"purchase_price" numeric(14, 4),
	CONSTRAINT "article_wholesaler_infos_article_id_wholesaler_id_pk" PRIMARY KEY("article_id","wholesaler_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"manufacturer_number" text,
	"order_number" text,
	"erp_number" text,
	"manufacturer_link" text,
	"description" text,
	"delivery_time" integer,
	"unit_id" uuid,
	"packaging_unit_size" numeric(14, 2),
	"price_unit_size" numeric(14, 2),
	"order_quantity_unit_size" numeric(14, 2),
	"minimum_order_quantity_unit_size" numeric(14, 2),
	"width" numeric(14, 2),
	"height" numeric(14, 2),
	"depth" numeric(14, 2),
	"weight" numeric(14, 4),
	"purchase_price" numeric(14, 4),
	"list_price" numeric(14, 4),
	"discount_group_id" uuid,
	"eclass_id" uuid,
	"ean_number" text,
	"surcharge_code" text,
	"copper_code" text,
	"copper_base_value" numeric(14, 2),
	"copper_weight" numeric(14, 4),
	"customs_tarif_number" text,
	"country_of_origin_abbreviation" text,
	"rohs" boolean,
	"image" text,
	"article_import_source" "article_import_source" DEFAULT 'MANUAL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_group_names" (
	"item_id" uuid NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_lower" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_group_wholesaler_discounts" (
	"discount_group_id" uuid NOT NULL,
	"wholesaler_id" uuid NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "discount_group_wholesaler_discounts_discount_group_id_wholesaler_id_pk" PRIMARY KEY("discount_group_id","wholesaler_id")
);
--> statement-breakpoint
CREATE TABLE "discount_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"display_name" text NOT NULL,
	"name_variants" text[] DEFAULT '{}'::text[] NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_groups_id_manufacturer_key" UNIQUE("id","manufacturer_id")
);
--> statement-breakpoint
CREATE TABLE "eclass_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"eclass_number" text NOT NULL,
	"description" text NOT NULL,
	"work_time" numeric(10, 2) DEFAULT 0 NOT NULL,
	"first_level_order" integer DEFAULT 0 NOT NULL,
	"second_level_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manufacturer_names" (
	"item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_lower" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"display_name" text NOT NULL,
	"name_variants" text[] DEFAULT '{}'::text[] NOT NULL,
	"abbreviation" text,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_names" (
	"item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_lower" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"display_name" text NOT NULL,
	"name_variants" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wholesalers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"display_name" text NOT NULL,
	"name_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_alternative_numbers" ADD CONSTRAINT "article_alternative_numbers_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_wholesaler_infos" ADD CONSTRAINT "article_wholesaler_infos_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_wholesaler_infos" ADD CONSTRAINT "article_wholesaler_infos_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_discount_group_id_discount_groups_id_fk" FOREIGN KEY ("discount_group_id") REFERENCES "public"."discount_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_eclass_id_eclass_entries_id_fk" FOREIGN KEY ("eclass_id") REFERENCES "public"."eclass_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_group_names" ADD CONSTRAINT "discount_group_names_item_fk" FOREIGN KEY ("item_id","manufacturer_id") REFERENCES "public"."discount_groups"("id","manufacturer_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "discount_group_wholesaler_discounts" ADD CONSTRAINT "discount_group_wholesaler_discounts_discount_group_id_discount_groups_id_fk" FOREIGN KEY ("discount_group_id") REFERENCES "public"."discount_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_group_wholesaler_discounts" ADD CONSTRAINT "discount_group_wholesaler_discounts_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_groups" ADD CONSTRAINT "discount_groups_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturer_names" ADD CONSTRAINT "manufacturer_names_item_id_manufacturers_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_names" ADD CONSTRAINT "unit_names_item_id_units_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_alternative_numbers_key" ON "article_alternative_numbers" USING btree ("article_id","kind","number");--> statement-breakpoint
CREATE INDEX "article_wholesaler_infos_wholesaler_idx" ON "article_wholesaler_infos" USING btree ("wholesaler_id");--> statement-breakpoint
CREATE INDEX "articles_manufacturer_idx" ON "articles" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "articles_unit_idx" ON "articles" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "articles_discount_group_idx" ON "articles" USING btree ("discount_group_id");--> statement-breakpoint
CREATE INDEX "articles_eclass_idx" ON "articles" USING btree ("eclass_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_group_names_name_key" ON "discount_group_names" USING btree ("manufacturer_id","name_lower");--> statement-breakpoint
CREATE INDEX "discount_group_names_item_idx" ON "discount_group_names" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "discount_group_names_trgm_idx" ON "discount_group_names" USING gin ("name_lower" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "discount_group_wholesaler_discounts_wholesaler_idx" ON "discount_group_wholesaler_discounts" USING btree ("wholesaler_id");--> statement-breakpoint
CREATE INDEX "discount_groups_manufacturer_idx" ON "discount_groups" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "discount_groups_display_name_idx" ON "discount_groups" USING btree (lower("display_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "eclass_entries_number_key" ON "eclass_entries" USING btree ("eclass_number");--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturer_names_name_key" ON "manufacturer_names" USING btree ("name_lower");--> statement-breakpoint
CREATE INDEX "manufacturer_names_item_idx" ON "manufacturer_names" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "manufacturer_names_trgm_idx" ON "manufacturer_names" USING gin ("name_lower" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "manufacturers_display_name_idx" ON "manufacturers" USING btree (lower("display_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "unit_names_name_key" ON "unit_names" USING btree ("name_lower");--> statement-breakpoint
CREATE INDEX "unit_names_item_idx" ON "unit_names" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "unit_names_trgm_idx" ON "unit_names" USING gin ("name_lower" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "units_display_name_idx" ON "units" USING btree (lower("display_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "wholesalers_name_key" ON "wholesalers" USING btree ("name_key");