ALTER TYPE "public"."rejection_reason" ADD VALUE 'OTHER_SUPPLIER_CHOSEN';--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "offers_valid_until_idx" ON "offers" USING btree ("valid_until") WHERE "offers"."released" and "offers"."state" = 'OPEN' and not "offers"."invalidated" and not "offers"."archived" and "offers"."expiry_reminded_at" is null;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "delivery_time" integer;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_delivery_time_check" CHECK ("bom_lines"."delivery_time" is null or "bom_lines"."delivery_time" >= 0);
