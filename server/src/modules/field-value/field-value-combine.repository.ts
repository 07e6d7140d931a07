import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { discountGroups, discountGroupWholesalerDiscounts } from '../../db/schema';
import type { NamedKind } from './field-value.kinds';

/** The writes of a combine (field-value.combine.ts decides the survivor and the names). */

/** Every reference in `column` to one of `otherIds` points to `survivorId`. */
export async function repointReferences(
  tx: Tx,
  column: PgColumn,
  survivorId: string,
  otherIds: string[],
): Promise<void> {
  await tx.execute(
    sql`update ${column.table} set ${sql.identifier(column.name)} = ${survivorId} where ${inArray(column, otherIds)}`,
  );
}

export async function deleteNamedItems(tx: Tx, kind: NamedKind, ids: string[]): Promise<void> {
  await tx.delete(kind.table).where(inArray(kind.id, ids));
}

export async function updateNameVariants(
  tx: Tx,
  kind: NamedKind,
  id: string,
  nameVariants: string[],
  updatedAt: Date,
): Promise<void> {
  await tx.update(kind.table).set({ nameVariants, updatedAt }).where(eq(kind.id, id));
}

async function discountGroupIds(tx: Tx, where: SQL): Promise<string[]> {
  const rows = await tx
    .select({ id: discountGroups.id })
    .from(discountGroups)
    .where(where)
    .orderBy(asc(sql`lower(${discountGroups.displayName})`), asc(discountGroups.id));
  return rows.map((row) => row.id);
}

/** The discount groups of one manufacturer, by name. */
export function findDiscountGroupIdsOf(tx: Tx, manufacturerId: string): Promise<string[]> {
  return discountGroupIds(tx, eq(discountGroups.manufacturerId, manufacturerId));
}

/** The discount groups of several manufacturers, by name. */
export function findDiscountGroupIdsOfAny(tx: Tx, manufacturerIds: string[]): Promise<string[]> {
  return discountGroupIds(tx, inArray(discountGroups.manufacturerId, manufacturerIds));
}

export async function moveDiscountGroup(
  tx: Tx,
  groupId: string,
  manufacturerId: string,
  updatedAt: Date,
): Promise<void> {
  await tx.update(discountGroups).set({ manufacturerId, updatedAt }).where(eq(discountGroups.id, groupId));
}

/** The survivor keeps its wholesaler discounts and takes over those it does not have yet. */
export async function mergeWholesalerDiscounts(
  tx: Tx,
  survivorId: string,
  otherIds: string[],
): Promise<void> {
  const table = discountGroupWholesalerDiscounts;
  await tx.execute(sql`
    insert into ${table} (discount_group_id, wholesaler_id, percent)
    select ${survivorId}::uuid, ${table.wholesalerId}, ${table.percent} from ${table}
    where ${inArray(table.discountGroupId, otherIds)}
    order by ${table.wholesalerId}
    on conflict do nothing`);
}
