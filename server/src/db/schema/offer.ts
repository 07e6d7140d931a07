import { OFFER_STATES, REJECTION_REASONS } from '@portal/domain/enums';
import type { TechnicalSpec } from '@portal/domain/schemas/technical-spec';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './company';
import { deliveryConditionEnum, enquiries, fileTypeEnum } from './enquiry';
import { updatedByColumn } from './updated-by';

type OfferColumns = {
  createdAt: AnyPgColumn;
  releaseDate: AnyPgColumn;
  offerNumber: AnyPgColumn;
  referenceNumber: AnyPgColumn;
  id: AnyPgColumn;
  state: AnyPgColumn;
  archived: AnyPgColumn;
};

/** The four sort orders of a list scope (OFFER_SORT_COLUMNS), as in offer.repository.ts. */
function listIndexes(scope: string, owner: AnyPgColumn, where: SQL, t: OfferColumns) {
  const sorts = {
    created: t.createdAt,
    release: t.releaseDate,
    number: sql`lower(${t.offerNumber})`,
    reference: sql`lower(${t.referenceNumber})`,
  };
  return Object.entries(sorts).map(([name, column]) =>
    index(`offers_${scope}_${name}_idx`).on(owner, column, t.id, t.state, t.archived).where(where),
  );
}

export const offerStateEnum = pgEnum('offer_state', OFFER_STATES);
export const rejectionReasonEnum = pgEnum('rejection_reason', REJECTION_REASONS);

/**
 * SPEC §3 Offer (also order and job, by state). One row per version: a revision inserts the next
 * version and invalidates the previous one, which stays as it was. `lineage_id` is the id of version 1 and
 * ties the versions together (GET /offer/revision).
 *
 * `customer_id` is the enquiry's customer company, copied so that the customer's lists read one index.
 * `customer_current` marks the version the customer's lists show: the latest released version of a lineage
 * (set on release, cleared on the older versions in the same transaction). A revision in preparation is the
 * supplier's draft, so until it is released the customer keeps seeing the version before it.
 *
 * The articles are bom_lines rows owned by the offer (`offer_id`) of the generation `lines_generation`,
 * written in pieces before the offer points at them (offer.repository.ts copyLinesToOffer).
 * The technical options are one validated jsonb column, as on the enquiry (same schema, db/schema/enquiry.ts).
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineageId: uuid('lineage_id').notNull(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => companies.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => companies.id),
    state: offerStateEnum('state').notNull().default('OPEN'),
    version: integer('version').notNull().default(1),
    released: boolean('released').notNull().default(false),
    releaseDate: timestamp('release_date', { withTimezone: true }),
    invalidated: boolean('invalidated').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    customerCurrent: boolean('customer_current').notNull().default(false),
    offerNumber: text('offer_number'),
    referenceNumber: text('reference_number'),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
    deliveryCondition: deliveryConditionEnum('delivery_condition'),
    desiredDeliveryDate: date('desired_delivery_date', { mode: 'string' }),
    amount: integer('amount').notNull().default(1),
    location: text('location'),
    additionalInfo: text('additional_info'),
    additionalInfoSupplier: text('additional_info_supplier'),
    rejectionReason: rejectionReasonEnum('rejection_reason'),
    rejectionReasonIndividual: text('rejection_reason_individual'),
    technicalSpec: jsonb('technical_spec').$type<TechnicalSpec>().notNull(),
    /** "gültig bis": the last Berlin day the released offer binds (domain/rules/offer-validity.ts). */
    validUntil: date('valid_until', { mode: 'string' }),
    /** When the supplier was told the offer ends tomorrow: the reminder goes out once (offer-expiry.ts). */
    expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
    /** When both sides were told that the offer has expired: once (offer-expiry.ts, migration 0025). */
    expiredNotifiedAt: timestamp('expired_notified_at', { withTimezone: true }),
    /** The generation of bom_lines that is this offer's articles (see copyLinesToOffer). */
    linesGeneration: integer('lines_generation').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: updatedByColumn(),
  },
  (t) => [
    // SPEC §2 lists (ARCHITECTURE §7 budget, bench/README.md): the supplier's current versions and the customer's
    // current released versions, one index per sort column, each read in the list's order (id breaks ties)
    // with the state and the archived flag checked in the index (the list filters by both), so a page reads
    // its ten rows, not all of a company's offers (a sort over 23,000 rows took 126-205 ms).
    ...listIndexes('supplier', t.supplierId, sql`not ${t.invalidated}`, t),
    ...listIndexes('customer', t.customerId, sql`${t.customerCurrent}`, t),
    // The reference-number search (a substring, case-insensitive).
    index('offers_reference_trgm_idx').using('gin', sql`lower(${t.referenceNumber}) gin_trgm_ops`),
    // The project folder list searches the offer number as well.
    index('offers_offer_number_trgm_idx').using('gin', sql`lower(${t.offerNumber}) gin_trgm_ops`),
    index('offers_enquiry_idx').on(t.enquiryId, t.supplierId),
    // One open offer per supplier and enquiry (the current, not deleted version).
    uniqueIndex('offers_one_open_idx')
      .on(t.enquiryId, t.supplierId)
      .where(sql`not ${t.invalidated} and not ${t.archived}`),
    uniqueIndex('offers_lineage_version_idx').on(t.lineageId, t.version),
    // The daily reminder reads the open offers not reminded yet by their last valid day.
    index('offers_valid_until_idx')
      .on(t.validUntil)
      .where(
        sql`${t.released} and ${t.state} = 'OPEN' and not ${t.invalidated} and not ${t.archived} and ${t.expiryRemindedAt} is null`,
      ),
    index('offers_expired_idx')
      .on(t.validUntil)
      .where(
        sql`${t.released} and ${t.state} = 'OPEN' and not ${t.invalidated} and not ${t.archived} and ${t.expiredNotifiedAt} is null`,
      ),
    check('offers_price_check', sql`${t.price} is null or ${t.price} >= 0`),
    check('offers_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * Files of an offer (SPEC §3 fileItems): the supplier's offer PDF and order confirmation, the customer's
 * order. Stored under a generated key (`offer/<offerId>/<id>`); the uploading company decides whose order
 * file it is (domain/rules/offer-state.ts). A revision copies the files under new keys.
 */
export const offerFiles = pgTable(
  'offer_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    fileType: fileTypeEnum('file_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedByCompanyId: uuid('uploaded_by_company_id').references(() => companies.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offer_files_name_idx').on(t.offerId, t.filename),
    uniqueIndex('offer_files_storage_key_idx').on(t.storageKey),
  ],
);
