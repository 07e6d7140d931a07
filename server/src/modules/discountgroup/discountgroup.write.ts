import type { ImportResult } from '@portal/domain/schemas/field-value';
import type { DbOrTx } from '../../db/client';
import type { AppError } from '../../errors';
import { groupBeforeSave, recordGroupChanges } from './discountgroup.audit';
import {
  type DiscountGroupRow,
  type DiscountGroupValues,
  insertDiscountGroup,
  updateDiscountGroup,
} from './discountgroup.repository';

/** A group as an import would write it: new (groupId null) or over an existing one; `row` names its line. */
export interface PlannedGroup {
  row: number;
  groupId: string | null;
  values: DiscountGroupValues;
}

/** Whether an import says exactly what the group already holds (nothing to write then). */
export function unchangedBy(existing: DiscountGroupRow | undefined, values: DiscountGroupValues): boolean {
  if (!existing) return false;
  const discounts = (list: DiscountGroupValues['wholesalerDiscounts']) =>
    JSON.stringify(
      list
        .map(({ wholesalerId, percent }) => [wholesalerId, percent])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  return (
    existing.displayName === values.displayName &&
    JSON.stringify(existing.nameVariants) === JSON.stringify(values.nameVariants) &&
    existing.percent === values.percent &&
    existing.manufacturerId === values.manufacturerId &&
    discounts(existing.wholesalerDiscounts) === discounts(values.wholesalerDiscounts)
  );
}

/**
 * Writes the planned groups of an import (CSV, DATANORM.RAB) in the caller's transaction: a group that would
 * not change is not written (no new change time); every other is a save like the form's and enters the
 * group's history (SPEC §3). A name taken meanwhile (unique violation) becomes `taken(row)`.
 */
export async function writeGroups(
  tx: DbOrTx,
  userId: string,
  planned: readonly PlannedGroup[],
  existing: ReadonlyMap<string, DiscountGroupRow>,
  taken: (row: number) => AppError,
): Promise<ImportResult> {
  const result = { created: 0, updated: 0, unchanged: 0 };
  for (const { row, groupId, values } of planned) {
    if (groupId !== null && unchangedBy(existing.get(groupId), values)) {
      result.unchanged += 1;
      continue;
    }
    try {
      if (groupId === null) {
        await recordGroupChanges(tx, userId, await insertDiscountGroup(tx, values), null);
      } else {
        const before = await groupBeforeSave(tx, groupId);
        await updateDiscountGroup(tx, groupId, values);
        await recordGroupChanges(tx, userId, groupId, before);
      }
    } catch (error) {
      // The transaction is rolled back either way; a refused name is reported with its row.
      if ((error as { cause?: { code?: string } }).cause?.code !== '23505') throw error;
      throw taken(row);
    }
    result[groupId === null ? 'created' : 'updated'] += 1;
  }
  return result;
}
