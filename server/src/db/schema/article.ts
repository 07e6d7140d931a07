import { ARTICLE_IMPORT_SOURCES } from '@portal/domain/enums';
import { NUMBER_KEY_FROM, NUMBER_KEY_TO } from '@portal/domain/rules/number-key';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { discountGroups, eclassEntries, manufacturers, units, wholesalers } from './master-data';
import { updatedByColumn } from './updated-by';

export const articleImportSourceEnum = pgEnum('article_import_source', ARTICLE_IMPORT_SOURCES);

/** Kinds of alternative numbers (SPEC §3 possibleOrderNumbers / possibleManufacturerNumbers). */
export const ARTICLE_NUMBER_KINDS = ['ORDER', 'MANUFACTURER'] as const;
export const articleNumberKindEnum = pgEnum('article_number_kind', ARTICLE_NUMBER_KINDS);

/**
 * The comparison keys of the article numbers as the indexes hold them: lower-cased, byte order. Queries
 * must use the same expressions (`articleNumberKeySql` in the article module) to hit the indexes.
 */
const orderNumberKey = (t: { orderNumber: AnyPgColumn }) => sql`lower(${t.orderNumber}) collate "C"`;
const manufacturerNumberKey = (t: { manufacturerNumber: AnyPgColumn }) =>
  sql`lower(${t.manufacturerNumber}) collate "C"`;

/**
 * The normalised key of a number column as migration 0019 generates it (stored, collate "C"), the SQL twin of
 * numberKey in domain/rules/number-key.ts.
 */
const numberKeySql = (column: string) =>
  sql.raw(
    `translate("${column}", E'${NUMBER_KEY_FROM.replace(/\t/g, '\\t').replace(/\u00a0/g, '\\u00a0')}', '${NUMBER_KEY_TO}')`,
  );

const decimal = (name: string, scale = 2) => numeric(name, { precision: 14, scale, mode: 'number' });

/**
 * SPEC §3 Article. Master-data references are plain foreign keys (no cascade): a manufacturer, unit,
 * discount group or E-Class entry in use cannot be deleted (SPEC §5). Each reference column is indexed
 * so that usage counts and combine never scan the table.
 */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id),
    manufacturerNumber: text('manufacturer_number'),
    orderNumber: text('order_number'),
    /** The normalised keys of the numbers (migration 0019; numberKey in domain/rules/number-key.ts). */
    orderNumberKey: text('order_number_key').generatedAlwaysAs(numberKeySql('order_number')),
    manufacturerNumberKey: text('manufacturer_number_key').generatedAlwaysAs(
      numberKeySql('manufacturer_number'),
    ),
    erpNumber: text('erp_number'),
    manufacturerLink: text('manufacturer_link'),
    description: text('description'),
    /** Days. */
    deliveryTime: integer('delivery_time'),
    unitId: uuid('unit_id').references(() => units.id),
    packagingUnitSize: decimal('packaging_unit_size'),
    priceUnitSize: decimal('price_unit_size'),
    orderQuantityUnitSize: decimal('order_quantity_unit_size'),
    minimumOrderQuantityUnitSize: decimal('minimum_order_quantity_unit_size'),
    /** Centimetres. */
    width: decimal('width'),
    height: decimal('height'),
    depth: decimal('depth'),
    /** Kilograms. */
    weight: decimal('weight', 4),
    /** SPEC: the customer price. */
    purchasePrice: decimal('purchase_price', 4),
    listPrice: decimal('list_price', 4),
    discountGroupId: uuid('discount_group_id').references(() => discountGroups.id),
    /** SPEC eclass9_1Id. */
    eclassId: uuid('eclass_id').references(() => eclassEntries.id),
    eanNumber: text('ean_number'),
    surchargeCode: text('surcharge_code'),
    copperCode: text('copper_code'),
    copperBaseValue: decimal('copper_base_value'),
    copperWeight: decimal('copper_weight', 4),
    customsTarifNumber: text('customs_tarif_number'),
    countryOfOriginAbbreviation: text('country_of_origin_abbreviation'),
    rohs: boolean('rohs'),
    image: text('image'),
    articleImportSource: articleImportSourceEnum('article_import_source').notNull().default('MANUAL'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: updatedByColumn(),
  },
  (t) => [
    // Manufacturer filter sorted by order number, the per-manufacturer number checks and the import's
    // matching; its leading column also serves usage counts and combine (replaces the plain FK index).
    index('articles_manufacturer_order_number_idx').on(
      t.manufacturerId,
      orderNumberKey(t),
      t.id,
      t.orderNumber,
    ),
    index('articles_unit_idx').on(t.unitId),
    index('articles_discount_group_idx').on(t.discountGroupId),
    index('articles_eclass_idx').on(t.eclassId),
    // Catalog search and list (modules/article/article-search.repository.ts, bench/article-search.mjs):
    // btree on the lower-cased numbers in byte order ("C") answers exact lookups, prefixes and the sort;
    // trigram GIN indexes answer the case-insensitive substring search. The raw number rides along as last
    // column: PostgreSQL plans an index-only scan over an expression index only when the column itself is
    // in the index too, and a deep page (offset 10,000) must skip index entries, not heap rows.
    index('articles_order_number_idx').on(orderNumberKey(t), t.id, t.orderNumber),
    index('articles_manufacturer_number_idx').on(manufacturerNumberKey(t), t.id, t.manufacturerNumber),
    // Matching on the normalised numbers (SPEC §3 BOM line matching info) and the suggestions by similarity.
    index('articles_order_number_key_idx').on(t.orderNumberKey, t.manufacturerId),
    index('articles_manufacturer_number_key_idx').on(t.manufacturerNumberKey, t.manufacturerId),
    index('articles_order_number_key_trgm_idx').using('gin', sql`${t.orderNumberKey} gin_trgm_ops`),
    index('articles_manufacturer_number_key_trgm_idx').using(
      'gin',
      sql`${t.manufacturerNumberKey} gin_trgm_ops`,
    ),
    index('articles_erp_number_idx').on(sql`lower(${t.erpNumber}) collate "C"`),
    index('articles_list_price_idx').on(t.listPrice, t.id),
    index('articles_weight_idx').on(t.weight, t.id),
    // The manufacturer filter (e.g. from the manufacturer form) sorted by another column: without these a
    // deep page of a large manufacturer walks the whole sort index and filters by manufacturer.
    index('articles_manufacturer_manufacturer_number_idx').on(
      t.manufacturerId,
      manufacturerNumberKey(t),
      t.id,
      t.manufacturerNumber,
    ),
    index('articles_manufacturer_list_price_idx').on(t.manufacturerId, t.listPrice, t.id),
    index('articles_manufacturer_weight_idx').on(t.manufacturerId, t.weight, t.id),
    index('articles_order_number_trgm_idx').using('gin', sql`lower(${t.orderNumber}) gin_trgm_ops`),
    index('articles_manufacturer_number_trgm_idx').using(
      'gin',
      sql`lower(${t.manufacturerNumber}) gin_trgm_ops`,
    ),
    // The description is searched as Germans type (Schuetz = Schütz, oelflex = ÖLFLEX), so its
    // trigram index holds the folded text. portal_fold is the IMMUTABLE SQL function of migration 0005
    // (drizzle-kit does not know functions: it is created by hand in that migration, before this index);
    // `searchFold` in domain/rules/search-fold.ts is its TypeScript twin for the search text.
    index('articles_description_fold_trgm_idx').using('gin', sql`portal_fold(${t.description}) gin_trgm_ops`),
  ],
);

/** SPEC §3 wholesalerInfos: the article's order number and purchase price at a wholesaler. */
export const articleWholesalerInfos = pgTable(
  'article_wholesaler_infos',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    wholesalerId: uuid('wholesaler_id')
      .notNull()
      .references(() => wholesalers.id),
    orderNumber: text('order_number'),
    purchasePrice: decimal('purchase_price', 4),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.wholesalerId] }),
    index('article_wholesaler_infos_wholesaler_idx').on(t.wholesalerId),
  ],
);

/** SPEC §3 possibleOrderNumbers / possibleManufacturerNumbers (the form's alternatives panel). */
export const articleAlternativeNumbers = pgTable(
  'article_alternative_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    kind: articleNumberKindEnum('kind').notNull(),
    number: text('number').notNull(),
    numberKey: text('number_key').generatedAlwaysAs(numberKeySql('number')),
    /** Order in which the alternatives were entered (the form shows them so). */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('article_alternative_numbers_key').on(t.articleId, t.kind, t.number),
    index('article_alternative_numbers_number_idx').on(sql`lower(${t.number}) collate "C"`),
    index('article_alternative_numbers_number_key_idx').on(t.numberKey),
    index('article_alternative_numbers_trgm_idx').using('gin', sql`lower(${t.number}) gin_trgm_ops`),
  ],
);
