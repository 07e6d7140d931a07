import type { DbOrTx } from '../../db/client';
import { DISCOUNT_GROUP_KIND, recordNamedChanges, variantsText } from '../field-value';
import { type DiscountGroupRow, findDiscountGroups } from './discountgroup.repository';

/**
 * The group as its change history compares it: the manufacturer by name, the wholesaler discounts as
 * 'Name 12.5; Name 3' (read like an article's wholesaler prices).
 */
function auditView(row: DiscountGroupRow) {
  return {
    displayName: row.displayName,
    nameVariants: variantsText(row.nameVariants),
    manufacturer: row.manufacturerName,
    percent: row.percent,
    wholesalerDiscounts:
      row.wholesalerDiscounts.map((entry) => `${entry.wholesalerName} ${entry.percent}`).join('; ') || null,
  };
}

/** The group as it is before a save: what its history compares the saved group with. */
export async function groupBeforeSave(tx: DbOrTx, id: string): Promise<DiscountGroupRow | null> {
  const [row] = await findDiscountGroups(tx, [id]);
  return row ?? null;
}

/**
 * Records what a save (form or CSV import, SPEC §3) changed on group `id`: against `before`, or every field
 * of a group just created (`before` null).
 */
export async function recordGroupChanges(
  tx: DbOrTx,
  userId: string,
  id: string,
  before: DiscountGroupRow | null,
): Promise<void> {
  const [after] = await findDiscountGroups(tx, [id]);
  if (!after) return;
  await recordNamedChanges(
    tx,
    { entity: DISCOUNT_GROUP_KIND.entity, id, userId },
    before ? auditView(before) : null,
    auditView(after),
  );
}
