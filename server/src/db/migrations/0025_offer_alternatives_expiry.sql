-- An offer line's alternative article proposed by the supplier beside the customer's original, with its own
-- price per piece; and when both sides were told that a released offer has expired (once).
ALTER TABLE "bom_lines" ADD COLUMN "alternative_article_id" uuid;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "alternative_price_per_piece" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_alternative_article_id_articles_id_fk" FOREIGN KEY ("alternative_article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bom_lines_alternative_article_idx" ON "bom_lines" USING btree ("alternative_article_id") WHERE "bom_lines"."alternative_article_id" is not null;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "expired_notified_at" timestamp with time zone;--> statement-breakpoint
-- Offers that expired before this migration are not announced after the fact.
UPDATE "offers" SET "expired_notified_at" = now() WHERE "released" AND "valid_until" < (now() AT TIME ZONE 'Europe/Berlin')::date;--> statement-breakpoint
CREATE INDEX "offers_expired_idx" ON "offers" USING btree ("valid_until") WHERE "offers"."released" and "offers"."state" = 'OPEN' and not "offers"."invalidated" and not "offers"."archived" and "offers"."expired_notified_at" is null;
