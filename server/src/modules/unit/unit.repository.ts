import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articles, units } from '../../db/schema';
import { type ListSpec, nameSearchCondition, UNIT_KIND, writeNames } from '../field-value';

export type UnitRow = typeof units.$inferSelect;
export interface UnitValues {
  displayName: string;
  nameVariants: string[];
}

export const UNIT_LIST: ListSpec = {
  table: units,
  id: units.id,
  sort: { displayName: sql`lower(${units.displayName})` },
  search: (text) => nameSearchCondition(UNIT_KIND, text),
  usage: articles.unitId,
};

export async function findUnits(db: DbOrTx, ids: readonly string[]): Promise<UnitRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(units)
    .where(inArray(units.id, [...ids]));
}

/** Inserts a unit with its names (run inside a transaction). */
export async function insertUnit(db: DbOrTx, values: UnitValues): Promise<UnitRow> {
  const [row] = await db.insert(units).values(values).returning();
  if (!row) throw new Error('unit insert returned nothing');
  await writeNames(db, UNIT_KIND, row.id, values, null);
  return row;
}

/** Writes a unit's values and names; its change time comes from the checked save (db/last-update.ts). */
export async function updateUnit(db: DbOrTx, id: string, values: UnitValues): Promise<UnitRow | null> {
  const [row] = await db.update(units).set(values).where(eq(units.id, id)).returning();
  if (!row) return null;
  await writeNames(db, UNIT_KIND, row.id, values, null);
  return row;
}
