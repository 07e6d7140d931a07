import type { SuppliedPartProposal } from '@portal/domain/rules/supplied-part-proposal';
import type { BomFieldMappingEntry } from '@portal/domain/schemas/bom';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './company';
import { enquiries } from './enquiry';

/**
 * The bill of materials of an enquiry (SPEC §3 Enquiry bomFileName, bomHeaderRowIndex,
 * headers, fieldMapping, suppliedPartString), one per enquiry; a new upload replaces it. The file lies in
 * the storage under a generated key (`enquiry/<enquiryId>/bom/<uuid>`), never under the user's name.
 * `headers` are the cell texts of row `header_row_index`; `mapping` (header -> BOM field) is set by the
 * customer's confirmation (POST /map) and is null until then.
 *
 * A customer's last confirmed mapping for the same set of headers is proposed again.
 * `customer_id` is the enquiry's customer company (it never changes), `headers_key` the header set as
 * bomHeadersKey writes it (headerKey of each header, sorted, once each, joined by a line break); the index
 * on its md5 serves the look-up of the company's mapped BOMs with that key. `headers_key` is written with the
 * headers (upload, header row, map, copy); rows from before migration 0011 have it null, which is harmless:
 * none of them had a mapping (there was no /map), and /map writes it.
 */
export const enquiryBoms = pgTable(
  'enquiry_boms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => companies.id),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    headerRowIndex: integer('header_row_index').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    headersKey: text('headers_key'),
    mapping: jsonb('mapping').$type<BomFieldMappingEntry[]>(),
    suppliedPartText: text('supplied_part_text'),
    /**
     * The column whose values say "beigestellt"/"Beistellung" and that word, read from the rows below the
     * header at upload and header change (proposedSuppliedPartString); null when none does.
     */
    suppliedPartProposal: jsonb('supplied_part_proposal').$type<SuppliedPartProposal>(),
    /** The generation of bom_lines that is this BOM's lines (see db/schema/bom-lines.ts). */
    linesGeneration: integer('lines_generation').notNull().default(0),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enquiry_boms_enquiry_idx').on(t.enquiryId),
    uniqueIndex('enquiry_boms_storage_key_idx').on(t.storageKey),
    // The key is as long as the header row (up to 500 headers of 200 characters); a btree entry takes at
    // most 2.7 KB, so the index holds its md5 and the look-up compares both (findLastMapping).
    index('enquiry_boms_customer_headers_hash_idx')
      .on(t.customerId, sql`md5(${t.headersKey})`, t.updatedAt)
      .where(sql`${t.mapping} is not null`),
    check('enquiry_boms_header_row_check', sql`${t.headerRowIndex} >= 1`),
  ],
);
