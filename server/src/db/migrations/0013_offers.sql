CREATE TYPE "public"."offer_state" AS ENUM('OPEN', 'DECLINED', 'ACCEPTED', 'CONFIRMED');--> statement-breakpoint
CREATE TYPE "public"."rejection_reason" AS ENUM('PRICE_NOT_AS_EXPECTED', 'DELIVERY_TIME_OUTSIDE_EXPECTATIONS', 'OFFER_NOT_IN_LINE_WITH_REQUIREMENTS', 'TECHNICAL_REQUIREMENTS_CHANGED', 'PROJECT_NOT_REALIZED', 'INDIVIDUAL');--> statement-breakpoint
CREATE TABLE "offer_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"file_type" "file_type" NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by_company_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lineage_id" uuid NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"state" "offer_state" DEFAULT 'OPEN' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"release_date" timestamp with time zone,
	"invalidated" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"customer_current" boolean DEFAULT false NOT NULL,
	"offer_number" text,
	"reference_number" text,
	"price" numeric(14, 2),
	"delivery_condition" "delivery_condition",
	"desired_delivery_date" date,
	"amount" integer DEFAULT 1 NOT NULL,
	"location" text,
	"additional_info" text,
	"additional_info_supplier" text,
	"rejection_reason" "rejection_reason",
	"rejection_reason_individual" text,
	"technical_spec" jsonb NOT NULL,
	"lines_generation" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_price_check" CHECK ("offers"."price" is null or "offers"."price" >= 0),
	CONSTRAINT "offers_version_check" CHECK ("offers"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "bom_lines" DROP CONSTRAINT "bom_lines_one_owner_check";--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "price_per_piece" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "origin_line_id" uuid;--> statement-breakpoint
ALTER TABLE "offer_files" ADD CONSTRAINT "offer_files_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_files" ADD CONSTRAINT "offer_files_uploaded_by_company_id_companies_id_fk" FOREIGN KEY ("uploaded_by_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_files" ADD CONSTRAINT "offer_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_customer_id_companies_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_files_name_idx" ON "offer_files" USING btree ("offer_id","filename");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_files_storage_key_idx" ON "offer_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "offers_supplier_created_idx" ON "offers" USING btree ("supplier_id","created_at","id","state","archived") WHERE not "offers"."invalidated";--> statement-breakpoint
CREATE INDEX "offers_supplier_release_idx" ON "offers" USING btree ("supplier_id","release_date","id","state","archived") WHERE not "offers"."invalidated";--> statement-breakpoint
CREATE INDEX "offers_supplier_number_idx" ON "offers" USING btree ("supplier_id",lower("offer_number"),"id","state","archived") WHERE not "offers"."invalidated";--> statement-breakpoint
CREATE INDEX "offers_supplier_reference_idx" ON "offers" USING btree ("supplier_id",lower("reference_number"),"id","state","archived") WHERE not "offers"."invalidated";--> statement-breakpoint
CREATE INDEX "offers_customer_created_idx" ON "offers" USING btree ("customer_id","created_at","id","state","archived") WHERE "offers"."customer_current";--> statement-breakpoint
CREATE INDEX "offers_customer_release_idx" ON "offers" USING btree ("customer_id","release_date","id","state","archived") WHERE "offers"."customer_current";--> statement-breakpoint
CREATE INDEX "offers_customer_number_idx" ON "offers" USING btree ("customer_id",lower("offer_number"),"id","state","archived") WHERE "offers"."customer_current";--> statement-breakpoint
CREATE INDEX "offers_customer_reference_idx" ON "offers" USING btree ("customer_id",lower("reference_number"),"id","state","archived") WHERE "offers"."customer_current";--> statement-breakpoint
CREATE INDEX "offers_reference_trgm_idx" ON "offers" USING gin (lower("reference_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_enquiry_idx" ON "offers" USING btree ("enquiry_id","supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_idx" ON "offers" USING btree ("enquiry_id","supplier_id") WHERE not "offers"."invalidated" and not "offers"."archived";--> statement-breakpoint
CREATE UNIQUE INDEX "offers_lineage_version_idx" ON "offers" USING btree ("lineage_id","version");--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bom_lines_offer_order_idx" ON "bom_lines" USING btree ("offer_id","generation",lower("order_number") collate "C","row_number");--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_one_owner_check" CHECK (num_nonnulls("bom_lines"."enquiry_bom_id", "bom_lines"."admin_bom_id", "bom_lines"."offer_id") = 1);