CREATE TABLE "enquiry_boms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"size" bigint NOT NULL,
	"header_row_index" integer NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb,
	"supplied_part_text" text,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_boms_header_row_check" CHECK ("enquiry_boms"."header_row_index" >= 1)
);
--> statement-breakpoint
ALTER TABLE "enquiry_boms" ADD CONSTRAINT "enquiry_boms_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_boms" ADD CONSTRAINT "enquiry_boms_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_boms_enquiry_idx" ON "enquiry_boms" USING btree ("enquiry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_boms_storage_key_idx" ON "enquiry_boms" USING btree ("storage_key");