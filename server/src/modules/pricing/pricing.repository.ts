import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  discountGroups,
  manufacturers,
  supplierDiscounts,
  supplierPricing,
  wholesalers,
} from '../../db/schema';

export type SupplierPricingRow = typeof supplierPricing.$inferSelect;

export async function findSupplierPricing(
  db: DbOrTx,
  companyId: string,
  options: { lock?: boolean } = {},
): Promise<SupplierPricingRow | null> {
  const query = db.select().from(supplierPricing).where(eq(supplierPricing.companyId, companyId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export function findSupplierDiscounts(db: DbOrTx, companyId: string) {
  return db
    .select({ discountGroupId: supplierDiscounts.discountGroupId, percent: supplierDiscounts.percent })
    .from(supplierDiscounts)
    .where(eq(supplierDiscounts.companyId, companyId));
}

/** The choices of the settings page: every wholesaler and every discount group with its manufacturer. */
export async function findPricingChoices(db: DbOrTx) {
  const [wholesalerRows, groupRows] = await Promise.all([
    db
      .select({ id: wholesalers.id, displayName: wholesalers.displayName })
      .from(wholesalers)
      .orderBy(asc(wholesalers.displayName)),
    db
      .select({
        id: discountGroups.id,
        displayName: discountGroups.displayName,
        manufacturerName: manufacturers.displayName,
        percent: discountGroups.percent,
      })
      .from(discountGroups)
      .innerJoin(manufacturers, eq(manufacturers.id, discountGroups.manufacturerId))
      .orderBy(asc(manufacturers.displayName), asc(discountGroups.displayName)),
  ]);
  return { wholesalers: wholesalerRows, discountGroups: groupRows };
}

/** How many of `ids` exist (wholesalers or discount groups). */
export async function countExisting(
  db: DbOrTx,
  table: typeof wholesalers | typeof discountGroups,
  ids: string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return rows.length;
}

/** The first save of a company's settings; false when a colleague's first save came first. */
export async function insertSupplierPricing(
  tx: DbOrTx,
  values: typeof supplierPricing.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(supplierPricing)
    .values(values)
    .onConflictDoNothing({ target: supplierPricing.companyId })
    .returning({ id: supplierPricing.id });
  return rows.length > 0;
}

export async function updateSupplierPricing(
  tx: DbOrTx,
  id: string,
  values: Partial<typeof supplierPricing.$inferInsert>,
): Promise<void> {
  await tx.update(supplierPricing).set(values).where(eq(supplierPricing.id, id));
}

/** Replaces the company's own discounts as a whole (one delete, one insert). */
export async function replaceSupplierDiscounts(
  tx: DbOrTx,
  companyId: string,
  discounts: { discountGroupId: string; percent: number }[],
): Promise<void> {
  await tx.delete(supplierDiscounts).where(eq(supplierDiscounts.companyId, companyId));
  if (discounts.length > 0) {
    await tx.insert(supplierDiscounts).values(discounts.map((discount) => ({ companyId, ...discount })));
  }
}

/** What a supplier's offers are priced with: its wholesaler of choice and default markup (none without settings). */
export async function supplierPricingTerms(db: DbOrTx, companyId: string) {
  const settings = await findSupplierPricing(db, companyId);
  return {
    supplierId: companyId,
    wholesalerId: settings?.wholesalerId ?? null,
    markupPercent: settings?.markupPercent ?? 0,
  };
}
