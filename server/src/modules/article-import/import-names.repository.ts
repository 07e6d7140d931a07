import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { manufacturerNames, unitNames } from '../../db/schema';

export type NamesTable = typeof manufacturerNames | typeof unitNames;

/** The items of the names index (manufacturer or unit names) whose lower-cased name is one of `keys`. */
export async function findItemIdsByNameKeys(
  db: DbOrTx,
  table: NamesTable,
  keys: string[],
): Promise<{ key: string; id: string }[]> {
  return db
    .select({ key: table.nameLower, id: table.itemId })
    .from(table)
    .where(inArray(table.nameLower, keys));
}
