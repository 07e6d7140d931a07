import { BOM_LINE_STATUSES, BOM_MATCH_KINDS } from '@portal/domain/enums';
import { PRICE_SOURCES } from '@portal/domain/rules/price-proposal';
import type { SuppliedPartProposal } from '@portal/domain/rules/supplied-part-proposal';
import type { BomFieldMappingEntry, BomSuggestion } from '@portal/domain/schemas/bom';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { articles } from './article';
import { users } from './auth';
import { enquiryBoms } from './bom';
import { manufacturers, units } from './master-data';
import { offers } from './offer';
import { updatedByColumn } from './updated-by';

export const bomLineStatusEnum = pgEnum('bom_line_status', BOM_LINE_STATUSES);
export const offerPriceSourceEnum = pgEnum('offer_price_source', PRICE_SOURCES);
export const bomMatchKindEnum = pgEnum('bom_match_kind', BOM_MATCH_KINDS);

const quantity = (name: string) => numeric(name, { precision: 18, scale: 4, mode: 'number' });

/**
 * A BOM the operator matched on /import/stueckliste, without an enquiry (SPEC §3 Admin
 * BOM result). Its file lies in the storage under `admin-bom/<id>/<uuid>`; its lines are bom_lines rows.
 */
export const adminBoms = pgTable(
  'admin_boms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    headerRowIndex: integer('header_row_index').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<BomFieldMappingEntry[]>(),
    suppliedPartText: text('supplied_part_text'),
    /** The supplied-part column its values suggest (see enquiryBoms). */
    suppliedPartProposal: jsonb('supplied_part_proposal').$type<SuppliedPartProposal>(),
    /** The generation of bom_lines that is this result's lines (see bomLines). */
    linesGeneration: integer('lines_generation').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admin_boms_storage_key_idx').on(t.storageKey),
    index('admin_boms_created_idx').on(t.createdAt, t.id),
    check('admin_boms_header_row_check', sql`${t.headerRowIndex} >= 1`),
  ],
);

/**
 * The lines of a mapped BOM (SPEC §3 BOM line), owned by an enquiry's BOM, an
 * operator's BOM result or an offer (its articles) (exactly one). A new mapping or upload replaces the lines. Every cell of the line
 * as read is kept in `raw` (EPLAN fields nobody mapped included); the mapped fields are columns because the
 * lines table sorts and filters by them. `quantity` is as written (German decimals read), `article_quantity`
 * the same in the matched article's unit (converted between length or weight units, else equal).
 * Lines are read page by page in the order of the lower-cased order number (SPEC §9 default), hence the
 * indexes per owner; matched_article_id is indexed for the article delete (SET NULL).
 *
 * Generations (ARCHITECTURE §3a, never block the portal): a new mapping writes its lines as a new
 * `generation` in short transactions of a few hundred rows, then one small transaction points the owner's
 * `lines_generation` at it; the lines of other generations are then removed in pieces. Readers see only
 * the owner's current generation (ownerWhere in the bom module), so nobody sees half a BOM, and no
 * transaction holds the embedded database for the whole BOM.
 */
export const bomLines = pgTable(
  'bom_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryBomId: uuid('enquiry_bom_id').references(() => enquiryBoms.id, { onDelete: 'cascade' }),
    adminBomId: uuid('admin_bom_id').references(() => adminBoms.id, { onDelete: 'cascade' }),
    /** An offer's articles are its own lines (copied from the enquiry's BOM as a generation). */
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    quantity: quantity('quantity'),
    articleQuantity: quantity('article_quantity'),
    quantityUnitName: text('quantity_unit_name'),
    quantityUnitId: uuid('quantity_unit_id').references(() => units.id, { onDelete: 'set null' }),
    isSuppliedPart: boolean('is_supplied_part').notNull().default(false),
    functionDesignation: text('function_designation'),
    functionalAssignment: text('functional_assignment'),
    locationIdentifier: text('location_identifier'),
    installationLocation: text('installation_location'),
    bmk: text('bmk'),
    wholesalerOrderNumber: text('wholesaler_order_number'),
    orderNumber: text('order_number'),
    manufacturerNumber: text('manufacturer_number'),
    manufacturerName: text('manufacturer_name'),
    /** EPLAN's "Bezeichnung" and "ERP-Nummer" as written (migration 0020). */
    description: text('description'),
    erpNumber: text('erp_number'),
    manufacturerId: uuid('manufacturer_id').references(() => manufacturers.id, { onDelete: 'set null' }),
    matchedArticleId: uuid('matched_article_id').references(() => articles.id, { onDelete: 'set null' }),
    manualReplacement: boolean('manual_replacement').notNull().default(false),
    status: bomLineStatusEnum('status').notNull(),
    /** How the matched article was found (null without one); suggestions: NOT_FOUND lines' similar articles. */
    matchKind: bomMatchKindEnum('match_kind'),
    suggestions: jsonb('suggestions').$type<BomSuggestion[]>().notNull().default([]),
    candidateIds: uuid('candidate_ids').array().notNull().default(sql`'{}'::uuid[]`),
    edited: boolean('edited').notNull().default(false),
    raw: jsonb('raw').$type<Record<string, string>>().notNull(),
    /** Offer articles only: the supplier's price per piece in euros, its note, the enquiry line copied. */
    pricePerPiece: numeric('price_per_piece', { precision: 14, scale: 4, mode: 'number' }),
    /**
     * Offer articles, the supplier's own: the price per piece before its markup (catalog purchase price or the
     * price typed in), where the price came from and the wholesaler's or discount group's name then. Four
     * decimals: a terminal priced per 100 costs fractions of a cent per piece (domain/rules/price-proposal.ts).
     */
    basePricePerPiece: numeric('base_price_per_piece', { precision: 14, scale: 4, mode: 'number' }),
    priceSource: offerPriceSourceEnum('price_source'),
    priceSourceName: text('price_source_name'),
    note: text('note'),
    /** Offer articles only: the line's lead time in working days (from the matched article, editable). */
    deliveryTime: integer('delivery_time'),
    /**
     * Offer articles only: an article the supplier offers instead of the customer's (which stays the line's
     * match), with its own price per piece (migration 0025).
     */
    alternativeArticleId: uuid('alternative_article_id').references(() => articles.id, {
      onDelete: 'set null',
    }),
    alternativePricePerPiece: numeric('alternative_price_per_piece', {
      precision: 14,
      scale: 4,
      mode: 'number',
    }),
    originLineId: uuid('origin_line_id'),
    generation: integer('generation').notNull().default(0),
    /** Offer articles: the last save of the line by the supplier (no lost update, db/last-update.ts). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: updatedByColumn(),
  },
  (t) => [
    // One owner per line (bom_lines_one_owner_check): each owner index holds only its owner kind's lines.
    index('bom_lines_enquiry_bom_order_idx')
      .on(t.enquiryBomId, t.generation, sql`lower(${t.orderNumber}) collate "C"`, t.rowNumber)
      .where(sql`${t.enquiryBomId} is not null`),
    index('bom_lines_admin_bom_order_idx')
      .on(t.adminBomId, t.generation, sql`lower(${t.orderNumber}) collate "C"`, t.rowNumber)
      .where(sql`${t.adminBomId} is not null`),
    index('bom_lines_offer_order_idx')
      .on(t.offerId, t.generation, sql`lower(${t.orderNumber}) collate "C"`, t.rowNumber)
      .where(sql`${t.offerId} is not null`),
    index('bom_lines_matched_article_idx').on(t.matchedArticleId),
    index('bom_lines_alternative_article_idx')
      .on(t.alternativeArticleId)
      .where(sql`${t.alternativeArticleId} is not null`),
    // POST /article/replace matches the unmatched lines with the assigned number again, across BOMs.
    index('bom_lines_open_order_number_idx')
      .on(sql`lower(${t.orderNumber}) collate "C"`)
      .where(sql`${t.status} in ('NOT_FOUND', 'DUPLICATE', 'WRONG_UNIT')`),
    index('bom_lines_open_manufacturer_number_idx')
      .on(sql`lower(${t.manufacturerNumber}) collate "C"`)
      .where(sql`${t.status} in ('NOT_FOUND', 'DUPLICATE', 'WRONG_UNIT')`),
    check('bom_lines_delivery_time_check', sql`${t.deliveryTime} is null or ${t.deliveryTime} >= 0`),
    check(
      'bom_lines_one_owner_check',
      sql`num_nonnulls(${t.enquiryBomId}, ${t.adminBomId}, ${t.offerId}) = 1`,
    ),
  ],
);
