CREATE TYPE "public"."folder_log_action" AS ENUM('OPEN', 'DOWNLOAD', 'VIEW', 'UPLOAD', 'DELETE', 'PASSWORD_OK', 'PASSWORD_WRONG', 'SETTINGS', 'PASSWORD_SET', 'SHARE', 'UNSHARE');--> statement-breakpoint
CREATE TABLE "business_folder_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" text NOT NULL,
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"download_counter" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid,
	"uploaded_anonymously" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_folder_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"actor_label" text NOT NULL,
	"session_id" uuid,
	"ip" text,
	"action" "folder_log_action" NOT NULL,
	"filename" text
);
--> statement-breakpoint
CREATE TABLE "business_folder_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_folder_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "business_folder_shares" (
	"folder_id" text NOT NULL,
	"email" text NOT NULL,
	"end_date" date,
	"read" boolean DEFAULT true NOT NULL,
	"write" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_folder_shares_folder_id_email_pk" PRIMARY KEY("folder_id","email")
);
--> statement-breakpoint
CREATE TABLE "business_folders" (
	"id" text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"lineage_id" uuid NOT NULL,
	"types" jsonb DEFAULT '{"CUSTOMER":{"read":true,"write":true},"SUPPLIER":{"read":true,"write":true}}'::jsonb NOT NULL,
	"allow_external" boolean DEFAULT false NOT NULL,
	"allow_anonymous" boolean DEFAULT false NOT NULL,
	"anonymous_write" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"file_count" integer DEFAULT 0 NOT NULL,
	"last_update" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_folders_lineage_id_unique" UNIQUE("lineage_id")
);
--> statement-breakpoint
CREATE TABLE "folder_share_defaults" (
	"company_type" "company_type" PRIMARY KEY NOT NULL,
	"expiry_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_folder_items" ADD CONSTRAINT "business_folder_items_folder_id_business_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."business_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_folder_items" ADD CONSTRAINT "business_folder_items_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_folder_log" ADD CONSTRAINT "business_folder_log_folder_id_business_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."business_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_folder_log" ADD CONSTRAINT "business_folder_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_folder_sessions" ADD CONSTRAINT "business_folder_sessions_folder_id_business_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."business_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_folder_shares" ADD CONSTRAINT "business_folder_shares_folder_id_business_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."business_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_folder_shares" ADD CONSTRAINT "business_folder_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_folders" ADD CONSTRAINT "business_folders_lineage_id_offers_id_fk" FOREIGN KEY ("lineage_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_folder_items_name_idx" ON "business_folder_items" USING btree ("folder_id",lower("filename"));--> statement-breakpoint
CREATE UNIQUE INDEX "business_folder_items_storage_key_idx" ON "business_folder_items" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "business_folder_log_folder_idx" ON "business_folder_log" USING btree ("folder_id","at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "business_folder_sessions_folder_idx" ON "business_folder_sessions" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "business_folder_shares_email_idx" ON "business_folder_shares" USING btree ("email");--> statement-breakpoint
CREATE INDEX "business_folders_closed_customer_idx" ON "business_folders" USING btree ("lineage_id") WHERE not (coalesce(("business_folders"."types" -> 'CUSTOMER' ->> 'read')::boolean, false)
    or coalesce(("business_folders"."types" -> 'CUSTOMER' ->> 'write')::boolean, false));--> statement-breakpoint
CREATE INDEX "business_folders_closed_supplier_idx" ON "business_folders" USING btree ("lineage_id") WHERE not (coalesce(("business_folders"."types" -> 'SUPPLIER' ->> 'read')::boolean, false)
    or coalesce(("business_folders"."types" -> 'SUPPLIER' ->> 'write')::boolean, false));--> statement-breakpoint
CREATE INDEX "offers_offer_number_trgm_idx" ON "offers" USING gin (lower("offer_number") gin_trgm_ops);--> statement-breakpoint
-- SPEC §3 Business data: every existing offer gets its project folder (one per lineage; the id of version 1).
INSERT INTO "business_folders" ("lineage_id") SELECT DISTINCT "lineage_id" FROM "offers" ON CONFLICT DO NOTHING;
