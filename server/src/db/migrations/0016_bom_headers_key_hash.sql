-- The header-set key of a mapped BOM grows with its header row; a btree entry of more than 2.7 KB fails the
-- write ("index row size exceeds btree maximum"), so the mapping of a wide header row failed. The index
-- holds the key's md5 instead; the look-up compares the md5 (index) and the key itself (exact).
DROP INDEX IF EXISTS "enquiry_boms_customer_headers_idx";--> statement-breakpoint
CREATE INDEX "enquiry_boms_customer_headers_hash_idx" ON "enquiry_boms" USING btree ("customer_id",md5("headers_key"),"updated_at") WHERE "enquiry_boms"."mapping" is not null;
