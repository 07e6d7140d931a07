DROP INDEX "enquiries_customer_created_idx";--> statement-breakpoint
DROP INDEX "enquiries_open_created_idx";--> statement-breakpoint
CREATE INDEX "enquiries_customer_created_idx" ON "enquiries" USING btree ("customer_id","created_at","id","archived");--> statement-breakpoint
CREATE INDEX "enquiries_open_created_idx" ON "enquiries" USING btree ("created_at","id","recipients_mode") WHERE "enquiries"."released" and not "enquiries"."archived";