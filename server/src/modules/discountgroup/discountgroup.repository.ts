import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  articles,
  discountGroupNames,
  discountGroups,
  discountGroupWholesalerDiscounts,
  manufacturerNames,
  manufacturers,
  wholesalers,
} from '../../db/schema';
import { DISCOUNT_GROUP_KIND, type ListSpec, nameSearchCondition, writeNames } from '../field-value';

export interface DiscountGroupValues {
  displayName: string;
  nameVariants: string[];
  percent: number;
  manufacturerId: string;
  wholesalerDiscounts: { wholesalerId: string; percent: number }[];
}

export interface DiscountGroupRow {
  id: string;
  displayName: string;
  nameVariants: string[];
  percent: number;
  manufacturerId: string;
  manufacturerName: string;
  wholesalerDiscounts: { wholesalerId: string; wholesalerName: string; percent: number }[];
  lastUpdate: string;
}

export const DISCOUNT_GROUP_LIST: ListSpec = {
  table: discountGroups,
  id: discountGroups.id,
  sort: { displayName: sql`lower(${discountGroups.displayName})` },
  search: (text) => nameSearchCondition(DISCOUNT_GROUP_KIND, text),
  usage: articles.discountGroupId,
  filter: (query) =>
    typeof query.manufacturerId === 'string'
      ? eq(discountGroups.manufacturerId, query.manufacturerId)
      : undefined,
};

/** Groups with manufacturer name and wholesaler discounts; `where` selects them (default: by ids). */
export async function findDiscountGroups(db: DbOrTx, ids: readonly string[]): Promise<DiscountGroupRow[]> {
  if (ids.length === 0) return [];
  return loadGroups(db, inArray(discountGroups.id, [...ids]));
}

/** Every group, ordered by manufacturer and name (CSV export). */
export async function findAllDiscountGroups(db: DbOrTx): Promise<DiscountGroupRow[]> {
  return loadGroups(db, undefined);
}

async function loadGroups(db: DbOrTx, where: SQL | undefined): Promise<DiscountGroupRow[]> {
  const groups = await db
    .select({
      id: discountGroups.id,
      displayName: discountGroups.displayName,
      nameVariants: discountGroups.nameVariants,
      percent: discountGroups.percent,
      manufacturerId: discountGroups.manufacturerId,
      manufacturerName: manufacturers.displayName,
      updatedAt: discountGroups.updatedAt,
    })
    .from(discountGroups)
    .innerJoin(manufacturers, eq(manufacturers.id, discountGroups.manufacturerId))
    .where(where)
    .orderBy(asc(sql`lower(${manufacturers.displayName})`), asc(sql`lower(${discountGroups.displayName})`));
  if (groups.length === 0) return [];
  const discounts = await db
    .select({
      discountGroupId: discountGroupWholesalerDiscounts.discountGroupId,
      wholesalerId: discountGroupWholesalerDiscounts.wholesalerId,
      wholesalerName: wholesalers.displayName,
      percent: discountGroupWholesalerDiscounts.percent,
    })
    .from(discountGroupWholesalerDiscounts)
    .innerJoin(wholesalers, eq(wholesalers.id, discountGroupWholesalerDiscounts.wholesalerId))
    .where(
      where
        ? inArray(
            discountGroupWholesalerDiscounts.discountGroupId,
            groups.map((group) => group.id),
          )
        : undefined,
    )
    .orderBy(asc(wholesalers.nameKey));
  const byGroup = new Map<string, DiscountGroupRow['wholesalerDiscounts']>();
  for (const { discountGroupId, ...discount } of discounts) {
    byGroup.set(discountGroupId, [...(byGroup.get(discountGroupId) ?? []), discount]);
  }
  return groups.map(({ updatedAt, ...group }) => ({
    ...group,
    wholesalerDiscounts: byGroup.get(group.id) ?? [],
    lastUpdate: updatedAt.toISOString(),
  }));
}

/** Inserts a group with its names and wholesaler discounts (run inside a transaction). */
export async function insertDiscountGroup(db: DbOrTx, values: DiscountGroupValues): Promise<string> {
  const { wholesalerDiscounts, ...group } = values;
  const [row] = await db.insert(discountGroups).values(group).returning({ id: discountGroups.id });
  if (!row) throw new Error('discount group insert returned nothing');
  await writeNames(db, DISCOUNT_GROUP_KIND, row.id, values, values.manufacturerId);
  await writeWholesalerDiscounts(db, row.id, wholesalerDiscounts);
  return row.id;
}

/**
 * Updates a group, its names and wholesaler discounts; false when it does not exist. A checked save passes
 * the change time it claimed (db/last-update.ts); the CSV import stamps now.
 */
export async function updateDiscountGroup(
  db: DbOrTx,
  id: string,
  values: DiscountGroupValues & { updatedAt?: Date },
): Promise<boolean> {
  const { wholesalerDiscounts, ...group } = values;
  const [row] = await db
    .update(discountGroups)
    .set({ updatedAt: new Date(), ...group })
    .where(eq(discountGroups.id, id))
    .returning({ id: discountGroups.id });
  if (!row) return false;
  await writeNames(db, DISCOUNT_GROUP_KIND, id, values, values.manufacturerId);
  await db
    .delete(discountGroupWholesalerDiscounts)
    .where(eq(discountGroupWholesalerDiscounts.discountGroupId, id));
  await writeWholesalerDiscounts(db, id, wholesalerDiscounts);
  return true;
}

async function writeWholesalerDiscounts(
  db: DbOrTx,
  discountGroupId: string,
  entries: DiscountGroupValues['wholesalerDiscounts'],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(discountGroupWholesalerDiscounts)
    .values(
      entries.map((entry) => ({ discountGroupId, wholesalerId: entry.wholesalerId, percent: entry.percent })),
    );
}

/** Which groups of the given manufacturers own which name keys (CSV import matches rows to groups). */
export async function findGroupNameOwners(
  db: DbOrTx,
  manufacturerIds: readonly string[],
): Promise<{ itemId: string; manufacturerId: string; nameLower: string }[]> {
  if (manufacturerIds.length === 0) return [];
  return db
    .select({
      itemId: discountGroupNames.itemId,
      manufacturerId: discountGroupNames.manufacturerId,
      nameLower: discountGroupNames.nameLower,
    })
    .from(discountGroupNames)
    .where(inArray(discountGroupNames.manufacturerId, [...manufacturerIds]));
}

/** Manufacturers by any of their lower-cased names (display name, abbreviation, variant): name -> id. */
export async function findManufacturerIdsByNames(db: DbOrTx, keys: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ itemId: manufacturerNames.itemId, nameLower: manufacturerNames.nameLower })
    .from(manufacturerNames)
    .where(inArray(manufacturerNames.nameLower, keys));
  return new Map(rows.map((row) => [row.nameLower, row.itemId]));
}
