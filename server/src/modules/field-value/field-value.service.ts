import { canManageMasterData, canReadMasterData } from '@portal/domain/permissions';
import { findDuplicateName, type NamedItem } from '@portal/domain/rules/name-variants';
import type { ChangeEntry } from '@portal/domain/schemas/change-entry';
import type { FieldValueDeleteResult, NameSearchQuery } from '@portal/domain/schemas/field-value';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { listChanges } from '../audit';
import { combine } from './field-value.combine';
import type { NamedKind } from './field-value.kinds';
import {
  deleteUnused,
  inOrder,
  type ListQuery,
  type ListSpec,
  listPage,
  type NamedRow,
  searchNames,
} from './field-value.repository';

/** SPEC §6: operator admins maintain field values; the operator's other staff read them (article work). */
export function assertCanManage(actor: RequestActor): void {
  if (!canManageMasterData(actor)) throw new AppError('FORBIDDEN');
}

export function assertCanRead(actor: RequestActor): void {
  if (!canReadMasterData(actor)) throw new AppError('FORBIDDEN');
}

/** SPEC §5: a name twice on the same item is refused like a name of another item. */
export function assertNamesDistinct(item: NamedItem): void {
  if (findDuplicateName(item) !== null) throw new AppError('NAME_TAKEN');
}

/**
 * The calls every named kind (manufacturer, unit, discount group) shares: get, list, search, bulk delete
 * and combine. The kind supplies how its rows are loaded and shown.
 */
export function createNamedService<Row extends { id: string }, Item>(deps: {
  db: Db;
  kind: NamedKind;
  list: ListSpec;
  load(ids: readonly string[]): Promise<Row[]>;
  toItem(row: Row, usedByArticleAmount?: number): Item;
  /** Checked on the locked rows before a combine (discount groups: one manufacturer). */
  checkCombine?(rows: NamedRow[]): void;
}) {
  const { db, kind } = deps;

  /** One item with its change history (SPEC §3 changeEntries), for its form. */
  async function get(actor: RequestActor, id: string): Promise<Item & { changeEntries: ChangeEntry[] }> {
    assertCanRead(actor);
    const [row] = await deps.load([id]);
    if (!row) throw new AppError('NOT_FOUND');
    return { ...deps.toItem(row), changeEntries: await listChanges(db, kind.entity, id) };
  }

  async function list(
    actor: RequestActor,
    query: ListQuery,
  ): Promise<{ content: Item[]; totalElements: number }> {
    assertCanRead(actor);
    const page = await listPage(db, deps.list, query);
    const rows = inOrder(page.ids, await deps.load(page.ids));
    return {
      content: rows.map((row) =>
        deps.toItem(row, page.amounts ? (page.amounts.get(row.id) ?? 0) : undefined),
      ),
      totalElements: page.total,
    };
  }

  async function search(
    actor: RequestActor,
    query: NameSearchQuery,
    scope?: string,
  ): Promise<(Item & { exactMatch: boolean })[]> {
    assertCanRead(actor);
    const hits = await searchNames(db, kind, query.name, query.limit, scope);
    const rows = inOrder(
      hits.map((hit) => hit.itemId),
      await deps.load(hits.map((hit) => hit.itemId)),
    );
    const exact = new Map(hits.map((hit) => [hit.itemId, hit.exactMatch]));
    return rows.map((row) => ({ ...deps.toItem(row), exactMatch: exact.get(row.id) ?? false }));
  }

  async function remove(actor: RequestActor, ids: readonly string[]): Promise<FieldValueDeleteResult> {
    assertCanManage(actor);
    return deleteUnused(db, { table: kind.table, id: kind.id }, kind.references, ids);
  }

  async function combineItems(actor: RequestActor, ids: readonly string[], targetId?: string) {
    assertCanManage(actor);
    return combine(db, kind, ids, targetId, deps.checkCombine);
  }

  return { get, list, search, remove, combine: combineItems };
}
