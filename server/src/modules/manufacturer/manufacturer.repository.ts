import { nameKey } from '@portal/domain/rules/name-variants';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articles, discountGroupNames, discountGroups, manufacturers } from '../../db/schema';
import { type ListSpec, MANUFACTURER_KIND, nameSearchCondition, writeNames } from '../field-value';

export type ManufacturerRow = typeof manufacturers.$inferSelect;

export interface ManufacturerValues {
  displayName: string;
  nameVariants: string[];
  abbreviation: string | null;
  link: string | null;
}

export const MANUFACTURER_LIST: ListSpec = {
  table: manufacturers,
  id: manufacturers.id,
  sort: { displayName: sql`lower(${manufacturers.displayName})` },
  search: (text) => nameSearchCondition(MANUFACTURER_KIND, text),
  usage: articles.manufacturerId,
};

export async function findManufacturers(db: DbOrTx, ids: readonly string[]): Promise<ManufacturerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(manufacturers)
    .where(inArray(manufacturers.id, [...ids]));
}

/** Inserts a manufacturer with its names (run inside a transaction). */
export async function insertManufacturer(db: DbOrTx, values: ManufacturerValues): Promise<ManufacturerRow> {
  const [row] = await db.insert(manufacturers).values(values).returning();
  if (!row) throw new Error('manufacturer insert returned nothing');
  await writeNames(db, MANUFACTURER_KIND, row.id, values, null);
  return row;
}

/** Writes a manufacturer's values and names; its change time comes from the checked save (db/last-update.ts). */
export async function updateManufacturer(
  db: DbOrTx,
  id: string,
  values: ManufacturerValues,
): Promise<ManufacturerRow | null> {
  const [row] = await db.update(manufacturers).set(values).where(eq(manufacturers.id, id)).returning();
  if (!row) return null;
  await writeNames(db, MANUFACTURER_KIND, row.id, values, null);
  return row;
}

/**
 * "Migration starten": every article of `fromId` moves to `toId`. An article's discount group of the old
 * manufacturer is replaced by the new manufacturer's group of the same name, where there is one.
 */
export async function moveArticles(db: DbOrTx, fromId: string, toId: string): Promise<number> {
  const groups = await db
    .select({ id: discountGroups.id, displayName: discountGroups.displayName })
    .from(discountGroups)
    .where(eq(discountGroups.manufacturerId, fromId));
  for (const group of groups) {
    const [twin] = await db
      .select({ id: discountGroupNames.itemId })
      .from(discountGroupNames)
      .where(
        and(
          eq(discountGroupNames.manufacturerId, toId),
          eq(discountGroupNames.nameLower, nameKey(group.displayName)),
        ),
      );
    if (!twin) continue;
    await db
      .update(articles)
      .set({ discountGroupId: twin.id })
      .where(and(eq(articles.manufacturerId, fromId), eq(articles.discountGroupId, group.id)));
  }
  const [{ moved } = { moved: 0 }] = await db
    .select({ moved: count() })
    .from(articles)
    .where(eq(articles.manufacturerId, fromId));
  await db
    .update(articles)
    .set({ manufacturerId: toId, updatedAt: new Date() })
    .where(eq(articles.manufacturerId, fromId));
  return Number(moved);
}
