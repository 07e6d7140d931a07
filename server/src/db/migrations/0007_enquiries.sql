CREATE TYPE "public"."delivery_condition" AS ENUM('EXW', 'DAP');--> statement-breakpoint
CREATE TYPE "public"."enquiry_recipients_mode" AS ENUM('ALL', 'CHOSEN');--> statement-breakpoint
CREATE TYPE "public"."file_type" AS ENUM('LEGAL_DOCUMENT', 'POWER_FLOW_DIAGRAM', 'UNKNOWN', 'BILL_OF_MATERIAL', 'CIRCUIT_DIAGRAM', 'LABELLING', 'CONNECTION_LIST', 'OFFER', 'NC_DATA', 'ORDER', 'ORDER_CONFIRMATION', 'PERFOREX');--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"reference_number" text,
	"delivery_condition" "delivery_condition",
	"desired_delivery_date" date,
	"amount" integer DEFAULT 1 NOT NULL,
	"price" numeric(14, 2),
	"location" text,
	"additional_info" text,
	"technical_spec" jsonb NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"release_date" timestamp with time zone,
	"recipients_mode" "enquiry_recipients_mode" DEFAULT 'ALL' NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"file_type" "file_type" NOT NULL,
	"size" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_recipients" (
	"enquiry_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	CONSTRAINT "enquiry_recipients_enquiry_id_supplier_id_pk" PRIMARY KEY("enquiry_id","supplier_id")
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_customer_id_companies_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_files" ADD CONSTRAINT "enquiry_files_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_files" ADD CONSTRAINT "enquiry_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_recipients" ADD CONSTRAINT "enquiry_recipients_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_recipients" ADD CONSTRAINT "enquiry_recipients_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_customer_created_idx" ON "enquiries" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "enquiries_customer_title_idx" ON "enquiries" USING btree ("customer_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "enquiries_customer_release_idx" ON "enquiries" USING btree ("customer_id","release_date","id");--> statement-breakpoint
CREATE INDEX "enquiries_open_created_idx" ON "enquiries" USING btree ("created_at","id") WHERE "enquiries"."released" and not "enquiries"."archived";--> statement-breakpoint
CREATE INDEX "enquiries_open_release_idx" ON "enquiries" USING btree ("release_date","id") WHERE "enquiries"."released" and not "enquiries"."archived";--> statement-breakpoint
CREATE INDEX "enquiries_open_title_idx" ON "enquiries" USING btree (lower("title"),"id") WHERE "enquiries"."released" and not "enquiries"."archived";--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_files_name_idx" ON "enquiry_files" USING btree ("enquiry_id","filename");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_files_storage_key_idx" ON "enquiry_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "enquiry_recipients_supplier_idx" ON "enquiry_recipients" USING btree ("supplier_id","enquiry_id");