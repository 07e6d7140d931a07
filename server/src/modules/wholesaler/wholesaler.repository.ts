import { foldedLikePattern, nameKey } from '@portal/domain/rules/name-variants';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articleWholesalerInfos, wholesalers } from '../../db/schema';
import type { ListSpec } from '../field-value';

export type WholesalerRow = typeof wholesalers.$inferSelect;

/** usedByArticleAmount of a wholesaler: the articles with an order number/price at it. */
export const WHOLESALER_LIST: ListSpec = {
  table: wholesalers,
  id: wholesalers.id,
  sort: { displayName: wholesalers.nameKey },
  // Folded as Germans type (migration 0005 portal_fold); a few dozen wholesalers need no index for it.
  search: (text) => sql`portal_fold(${wholesalers.nameKey}) like ${foldedLikePattern(text)}`,
  usage: articleWholesalerInfos.wholesalerId,
};

export async function findWholesalers(db: DbOrTx, ids: readonly string[]): Promise<WholesalerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(wholesalers)
    .where(inArray(wholesalers.id, [...ids]));
}

/** All wholesalers by name key (CSV import resolves names with it). */
export async function findWholesalersByKeys(db: DbOrTx, keys: readonly string[]): Promise<WholesalerRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(wholesalers)
    .where(inArray(wholesalers.nameKey, [...keys]));
}

export async function insertWholesaler(db: DbOrTx, displayName: string): Promise<WholesalerRow> {
  const [row] = await db
    .insert(wholesalers)
    .values({ displayName, nameKey: nameKey(displayName) })
    .returning();
  if (!row) throw new Error('wholesaler insert returned nothing');
  return row;
}

/** Renames a wholesaler; its change time comes from the checked save (db/last-update.ts). */
export async function updateWholesaler(
  db: DbOrTx,
  id: string,
  displayName: string,
): Promise<WholesalerRow | null> {
  const [row] = await db
    .update(wholesalers)
    .set({ displayName, nameKey: nameKey(displayName) })
    .where(eq(wholesalers.id, id))
    .returning();
  return row ?? null;
}
