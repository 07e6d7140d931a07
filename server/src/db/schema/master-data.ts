import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { updatedByColumn } from './updated-by';

/**
 * SPEC §3 field values: manufacturers, units, discount groups, wholesalers and E-Class entries.
 *
 * Manufacturers, units and discount groups are known by several names (display name, abbreviation,
 * variants). Each kind has a names table holding one row per distinct name with its comparison key
 * (`name_lower`, computed by `nameKey` of domain/rules/name-variants): a unique btree index on the key
 * refuses a name used twice (discount groups: per manufacturer) and answers exact lookups, a GIN trigram
 * index answers the case-insensitive substring search of SPEC §5. That index holds the key folded as Germans
 * type (`portal_fold(name_lower) LIKE '%…%'`, "Schuetz" = "Schütz"; portal_fold is the SQL
 * function of migration 0005), while uniqueness stays on the unfolded key.
 * The names table is rewritten with its item in one transaction (field-value module). The trigram indexes
 * run without GIN's pending list (`fastupdate = off`): names change rarely, and a pending list left by a
 * bulk change makes the planner fall back to scanning the table until the next vacuum.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: updatedByColumn(),
};

const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

export const manufacturers = pgTable(
  'manufacturers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    displayName: text('display_name').notNull(),
    nameVariants: text('name_variants').array().notNull().default(sql`'{}'::text[]`),
    abbreviation: text('abbreviation'),
    link: text('link'),
    ...timestamps,
  },
  (t) => [index('manufacturers_display_name_idx').on(sql`lower(${t.displayName})`)],
);

export const manufacturerNames = pgTable(
  'manufacturer_names',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameLower: text('name_lower').notNull(),
  },
  (t) => [
    uniqueIndex('manufacturer_names_name_key').on(t.nameLower),
    index('manufacturer_names_item_idx').on(t.itemId),
    // The BOM matching resolves a file's manufacturer names by their normalised key
    // (portal_name_key, migration 0012; twin of normaliseManufacturerName in domain/rules/name-normaliser).
    index('manufacturer_names_name_key_idx').on(sql`portal_name_key(${t.name})`),
    index('manufacturer_names_fold_trgm_idx')
      .using('gin', sql`portal_fold(${t.nameLower}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const units = pgTable(
  'units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    displayName: text('display_name').notNull(),
    nameVariants: text('name_variants').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [index('units_display_name_idx').on(sql`lower(${t.displayName})`)],
);

export const unitNames = pgTable(
  'unit_names',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameLower: text('name_lower').notNull(),
  },
  (t) => [
    uniqueIndex('unit_names_name_key').on(t.nameLower),
    index('unit_names_item_idx').on(t.itemId),
    index('unit_names_fold_trgm_idx')
      .using('gin', sql`portal_fold(${t.nameLower}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** SPEC §5: wholesaler names are unique (case-insensitive, via `name_key`). */
export const wholesalers = pgTable(
  'wholesalers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    displayName: text('display_name').notNull(),
    nameKey: text('name_key').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('wholesalers_name_key').on(t.nameKey)],
);

export const discountGroups = pgTable(
  'discount_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    displayName: text('display_name').notNull(),
    nameVariants: text('name_variants').array().notNull().default(sql`'{}'::text[]`),
    percent: percent('percent').notNull(),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id),
    ...timestamps,
  },
  (t) => [
    index('discount_groups_manufacturer_idx').on(t.manufacturerId),
    index('discount_groups_display_name_idx').on(sql`lower(${t.displayName})`),
    // Target of the names table's (item, manufacturer) foreign key.
    unique('discount_groups_id_manufacturer_key').on(t.id, t.manufacturerId),
  ],
);

/**
 * Discount group names are unique per manufacturer. `manufacturer_id` follows the group through the
 * composite foreign key (ON UPDATE CASCADE) when the group moves to another manufacturer.
 */
export const discountGroupNames = pgTable(
  'discount_group_names',
  {
    itemId: uuid('item_id').notNull(),
    manufacturerId: uuid('manufacturer_id').notNull(),
    name: text('name').notNull(),
    nameLower: text('name_lower').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'discount_group_names_item_fk',
      columns: [t.itemId, t.manufacturerId],
      foreignColumns: [discountGroups.id, discountGroups.manufacturerId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    uniqueIndex('discount_group_names_name_key').on(t.manufacturerId, t.nameLower),
    index('discount_group_names_item_idx').on(t.itemId),
    index('discount_group_names_fold_trgm_idx')
      .using('gin', sql`portal_fold(${t.nameLower}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** SPEC §3 wholesalerDiscounts of a discount group. */
export const discountGroupWholesalerDiscounts = pgTable(
  'discount_group_wholesaler_discounts',
  {
    discountGroupId: uuid('discount_group_id')
      .notNull()
      .references(() => discountGroups.id, { onDelete: 'cascade' }),
    wholesalerId: uuid('wholesaler_id')
      .notNull()
      .references(() => wholesalers.id),
    percent: percent('percent').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.discountGroupId, t.wholesalerId] }),
    index('discount_group_wholesaler_discounts_wholesaler_idx').on(t.wholesalerId),
  ],
);

/** SPEC §3 E-Class entry; `eclass_number` is the 8-digit ECLASS code. */
export const eclassEntries = pgTable(
  'eclass_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eclassNumber: text('eclass_number').notNull(),
    description: text('description').notNull(),
    /** Minutes per piece (SPEC §9 work cost). */
    workTime: numeric('work_time', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    firstLevelOrder: integer('first_level_order').notNull().default(0),
    secondLevelOrder: integer('second_level_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('eclass_entries_number_key').on(t.eclassNumber)],
);
