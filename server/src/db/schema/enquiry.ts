import { DELIVERY_CONDITIONS, FILE_TYPES } from '@portal/domain/enums';
import type { TechnicalSpec } from '@portal/domain/schemas/technical-spec';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './company';
import { updatedByColumn } from './updated-by';

export const deliveryConditionEnum = pgEnum('delivery_condition', DELIVERY_CONDITIONS);
/** SPEC §3 fileType: also the type of offer files later. */
export const fileTypeEnum = pgEnum('file_type', FILE_TYPES);
/** A released enquiry goes to every active supplier (ALL) or to the chosen ones (CHOSEN). */
export const enquiryRecipientsModeEnum = pgEnum('enquiry_recipients_mode', ['ALL', 'CHOSEN']);

/**
 * SPEC §3 Enquiry of a customer company.
 *
 * The technical options (about 45 fields of `technicalSpecSchema`) are ONE validated jsonb column, not
 * columns: they are written and read only as a whole (form, offer copy, diff), nothing filters or sorts on
 * them, offers copy them unchanged (ARCHITECTURE §3a: one schema for both), and a new option is a schema
 * change without a migration. The value is parsed with `technicalSpecSchema` on every write and read, so a
 * stored object missing a later option reads with its SPEC default.
 *
 * Recipients: mode ALL is stored as the mode and resolved when suppliers read, so a supplier that joins
 * (or is reactivated) after the release also sees the enquiry, as "sent to all active suppliers" reads;
 * CHOSEN lists the supplier companies in `enquiry_recipients`.
 */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    referenceNumber: text('reference_number'),
    deliveryCondition: deliveryConditionEnum('delivery_condition'),
    /** A calendar day, read and written as 'YYYY-MM-DD'. */
    desiredDeliveryDate: date('desired_delivery_date', { mode: 'string' }),
    amount: integer('amount').notNull().default(1),
    /** The customer's target price in euros. */
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
    location: text('location'),
    additionalInfo: text('additional_info'),
    technicalSpec: jsonb('technical_spec').$type<TechnicalSpec>().notNull(),
    released: boolean('released').notNull().default(false),
    releaseDate: timestamp('release_date', { withTimezone: true }),
    recipientsMode: enquiryRecipientsModeEnum('recipients_mode').notNull().default('ALL'),
    closed: boolean('closed').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: updatedByColumn(),
  },
  (t) => [
    // The customer's list (every sort column; `archived` is a filter on the few archived rows, id keeps
    // the order of equal values stable across pages). The default order also carries `archived` last, so
    // the page's count is an index-only scan (22 -> 10 ms at 50,000 enquiries of one customer).
    index('enquiries_customer_created_idx').on(t.customerId, t.createdAt, t.id, t.archived),
    index('enquiries_customer_title_idx').on(t.customerId, sql`lower(${t.title})`, t.id),
    index('enquiries_customer_release_idx').on(t.customerId, t.releaseDate, t.id),
    // The suppliers' list: released, not archived enquiries (addressed to ALL, or by enquiry_recipients).
    // `recipients_mode` last: the suppliers' count reads the index only.
    index('enquiries_open_created_idx')
      .on(t.createdAt, t.id, t.recipientsMode)
      .where(sql`${t.released} and not ${t.archived}`),
    index('enquiries_open_release_idx')
      .on(t.releaseDate, t.id)
      .where(sql`${t.released} and not ${t.archived}`),
    index('enquiries_open_title_idx')
      .on(sql`lower(${t.title})`, t.id)
      .where(sql`${t.released} and not ${t.archived}`),
    // The title search folds as Germans type (portal_fold of migration 0005): without this
    // index a search reads every row of the customer (150-280 ms at 50,000 of them, bench/README.md).
    index('enquiries_title_fold_trgm_idx').using('gin', sql`portal_fold(${t.title}) gin_trgm_ops`),
  ],
);

/**
 * Files of an enquiry (SPEC §3 fileItems). The content lies in the file storage under a generated key
 * (`enquiry/<enquiryId>/<id>`), never under the user's name; the name is unique per enquiry (SPEC §5).
 */
export const enquiryFiles = pgTable(
  'enquiry_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    fileType: fileTypeEnum('file_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enquiry_files_name_idx').on(t.enquiryId, t.filename),
    uniqueIndex('enquiry_files_storage_key_idx').on(t.storageKey),
  ],
);

/** The supplier companies a CHOSEN enquiry is addressed to. */
export const enquiryRecipients = pgTable(
  'enquiry_recipients',
  {
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => companies.id),
  },
  (t) => [
    primaryKey({ columns: [t.enquiryId, t.supplierId] }),
    index('enquiry_recipients_supplier_idx').on(t.supplierId, t.enquiryId),
  ],
);
