ALTER TABLE "companies" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "manufacturers" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "discount_groups" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "eclass_entries" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "import_configs" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "business_folders" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "updated_by" uuid;
