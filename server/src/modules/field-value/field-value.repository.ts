import { foldedLikePattern, itemNames, type NamedItem, nameKey } from '@portal/domain/rules/name-variants';
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import type { NamedKind } from './field-value.kinds';

/** One item of a named kind as the shared code sees it. */
export interface NamedRow extends NamedItem {
  id: string;
  nameVariants: string[];
  abbreviation: string | null;
  /** Discount groups: the manufacturer (the scope of their names); else null. */
  scope: string | null;
}

/**
 * Rewrites the names index of one item: one row per distinct name (display name, abbreviation, variants).
 * A name already owned by another item of the kind (in the scope) violates the unique index, which the
 * caller turns into 'Diese Bezeichnung wird bereits verwendet.' (db-errors).
 */
export async function writeNames(
  db: DbOrTx,
  kind: NamedKind,
  itemId: string,
  item: NamedItem,
  scope: string | null,
): Promise<void> {
  await db.delete(kind.names.table).where(eq(kind.names.itemId, itemId));
  const rows = itemNames(item).map((name) => ({
    itemId,
    name,
    nameLower: nameKey(name),
    // The scope column of discount_group_names is its manufacturer.
    ...(kind.names.scope ? { manufacturerId: scope } : {}),
  }));
  if (rows.length > 0) await db.insert(kind.names.table).values(rows as never);
}

/** The names' key folded as Germans type (migration 0005 portal_fold): the expression of the names' trigram indexes. */
function foldedName(kind: NamedKind): SQL {
  return sql`portal_fold(${kind.names.nameLower})`;
}

/**
 * SPEC §5 search: case-insensitive substring over every name, answered from the trigram index of the
 * names table, folded as Germans type ("Schuetz" finds "Schütz" and back). Exact matches first, then names
 * starting with the text, then alphabetical. `exactMatch` stays the unfolded key comparison: the forms use
 * it to tell whether a name is taken, and the unique index compares the unfolded key.
 */
export async function searchNames(
  db: DbOrTx,
  kind: NamedKind,
  text: string,
  limit: number,
  scope?: string,
): Promise<{ itemId: string; exactMatch: boolean }[]> {
  const names = kind.names;
  const pattern = foldedLikePattern(text);
  const folded = foldedName(kind);
  const exact = sql<boolean>`bool_or(${names.nameLower} = ${nameKey(text)})`;
  const prefix = sql<boolean>`bool_or(${folded} like ${pattern.slice(1)})`;
  const rows = await db
    .select({ itemId: names.itemId, exactMatch: exact })
    .from(names.table)
    .where(and(sql`${folded} like ${pattern}`, scope && names.scope ? eq(names.scope, scope) : undefined))
    .groupBy(names.itemId)
    .orderBy(desc(exact), desc(prefix), sql`min(${names.nameLower})`)
    .limit(limit);
  return rows as { itemId: string; exactMatch: boolean }[];
}

/** Condition "the item has a name containing `text`", folded, for list searches (trigram index of the names). */
export function nameSearchCondition(kind: NamedKind, text: string): SQL {
  return sql`${kind.id} in (select ${kind.names.itemId} from ${kind.names.table} where ${foldedName(kind)} like ${foldedLikePattern(text)})`;
}

/** Loads items with their names; `forUpdate` locks them for the rest of the transaction (combine). */
export async function loadNamedRows(
  db: DbOrTx,
  kind: NamedKind,
  ids: readonly string[],
  forUpdate = false,
): Promise<NamedRow[]> {
  if (ids.length === 0) return [];
  const query = db
    .select({
      id: kind.id,
      displayName: kind.displayName,
      nameVariants: kind.nameVariants,
      abbreviation: kind.abbreviation ?? sql<null>`null`,
      scope: kind.scope ?? sql<null>`null`,
    })
    .from(kind.table)
    .where(inArray(kind.id, [...ids]));
  const rows = forUpdate ? await query.for('update') : await query;
  return rows as NamedRow[];
}

/** How many rows of `column`'s table reference each id: ONE grouped query over the column's index. */
export async function countUsage(
  db: DbOrTx,
  column: PgColumn,
  ids?: readonly string[],
): Promise<Map<string, number>> {
  if (ids && ids.length === 0) return new Map();
  const rows = await db
    .select({ id: column, amount: count() })
    .from(column.table)
    .where(ids ? inArray(column, [...ids]) : isNotNull(column))
    .groupBy(column);
  return new Map(rows.map((row) => [row.id as string, Number(row.amount)]));
}

/** A table as the shared list code sees it (SPEC §2 lists: search, sort, paging, usedByArticleAmount). */
export interface ListSpec {
  table: PgTable;
  id: PgColumn;
  /** Sort expression per sortable column; the first is the tie-breaker of the others. */
  sort: Record<string, SQL | PgColumn>;
  search(text: string): SQL;
  /** The article column counted as usedByArticleAmount (sortable as `usedByArticleAmount`). */
  usage: PgColumn;
  /** A kind's own list filter (discount groups: `manufacturerId`). */
  filter?(query: ListQuery & Record<string, unknown>): SQL | undefined;
}

export interface ListQuery {
  page: number;
  paginationSize?: number;
  column: string;
  sortDescending: boolean;
  search?: string;
  withAmount: boolean;
}

/** One page of ids in list order, the total and (when asked or sorted by it) the usage amounts. */
export async function listPage(
  db: DbOrTx,
  spec: ListSpec,
  query: ListQuery,
): Promise<{ ids: string[]; total: number; amounts: Map<string, number> | null }> {
  const where = and(
    query.search ? spec.search(query.search) : undefined,
    spec.filter?.(query as ListQuery & Record<string, unknown>),
  );
  const [counted] = await db.select({ total: count() }).from(spec.table).where(where);
  const direction = query.sortDescending ? desc : asc;
  const [firstSort] = Object.values(spec.sort);
  const tieBreak = [asc(firstSort!), asc(spec.id)];
  const limit = query.paginationSize;
  const offset = limit ? query.page * limit : 0;

  if (query.column === 'usedByArticleAmount') {
    const usage = db
      .select({ refId: sql<string>`${spec.usage}`.as('ref_id'), amount: count().as('amount') })
      .from(spec.usage.table)
      .where(isNotNull(spec.usage))
      .groupBy(spec.usage)
      .as('usage_amounts');
    const amount = sql<number>`coalesce(${usage.amount}, 0)`;
    const base = db
      .select({ id: spec.id, amount })
      .from(spec.table)
      .leftJoin(usage, eq(usage.refId, spec.id))
      .where(where)
      .orderBy(direction(amount), ...tieBreak)
      .$dynamic();
    const rows = limit ? await base.limit(limit).offset(offset) : await base;
    return {
      ids: rows.map((row) => row.id as string),
      total: Number(counted?.total ?? 0),
      amounts: new Map(rows.map((row) => [row.id as string, Number(row.amount)])),
    };
  }

  const sort = spec.sort[query.column] ?? firstSort!;
  const base = db
    .select({ id: spec.id })
    .from(spec.table)
    .where(where)
    .orderBy(direction(sort), ...tieBreak)
    .$dynamic();
  const rows = limit ? await base.limit(limit).offset(offset) : await base;
  const ids = rows.map((row) => row.id as string);
  return {
    ids,
    total: Number(counted?.total ?? 0),
    amounts: query.withAmount ? await countUsage(db, spec.usage, ids) : null,
  };
}

/**
 * SPEC §5: deletes the items no column of `references` points to, in one statement; the rest are
 * reported as failed (still in use, or unknown).
 */
export async function deleteUnused(
  db: DbOrTx,
  target: { table: PgTable; id: PgColumn },
  references: readonly PgColumn[],
  ids: readonly string[],
): Promise<{ deleted: string[]; failed: string[] }> {
  const unique = [...new Set(ids)];
  const unused = references.map(
    (column) => sql`not exists (select 1 from ${column.table} where ${column} = ${target.id})`,
  );
  const rows = await db
    .delete(target.table)
    .where(and(inArray(target.id, unique), ...unused))
    .returning({ id: target.id });
  const deleted = new Set(rows.map((row) => row.id as string));
  return { deleted: unique.filter((id) => deleted.has(id)), failed: unique.filter((id) => !deleted.has(id)) };
}

/** Keeps `rows` in the order of `ids` (a page or search result loaded by id). */
export function inOrder<T extends { id: string }>(ids: readonly string[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
