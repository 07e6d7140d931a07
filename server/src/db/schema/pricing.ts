import { sql } from 'drizzle-orm';
import {
  check,
  index,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './company';
import { discountGroups, wholesalers } from './master-data';
import { updatedByColumn } from './updated-by';

const percent = (name: string) => numeric(name, { precision: 7, scale: 2, mode: 'number' });

/**
 * A supplier company's pricing settings (its profile's "Preiskalkulation", admins only): the wholesaler whose
 * purchase prices it buys at, and the markup its new offers start with. No row means no wholesaler and no
 * markup. Only the supplier itself ever reads them (they are its purchase conditions).
 */
export const supplierPricing = pgTable(
  'supplier_pricing',
  {
    /** Its own id, so that saves take it like every edited record (db/last-update.ts). */
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    wholesalerId: uuid('wholesaler_id').references(() => wholesalers.id, { onDelete: 'set null' }),
    markupPercent: percent('markup_percent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: updatedByColumn(),
  },
  (t) => [
    uniqueIndex('supplier_pricing_company_idx').on(t.companyId),
    index('supplier_pricing_wholesaler_idx').on(t.wholesalerId),
    check('supplier_pricing_markup_check', sql`${t.markupPercent} >= 0 and ${t.markupPercent} <= 1000`),
  ],
);

/** The supplier's own discount per discount group; it replaces the group's percent in its price proposals. */
export const supplierDiscounts = pgTable(
  'supplier_discounts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    discountGroupId: uuid('discount_group_id')
      .notNull()
      .references(() => discountGroups.id, { onDelete: 'cascade' }),
    percent: percent('percent').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.discountGroupId] }),
    index('supplier_discounts_group_idx').on(t.discountGroupId),
    check('supplier_discounts_percent_check', sql`${t.percent} >= 0 and ${t.percent} <= 100`),
  ],
);
