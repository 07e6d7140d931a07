import type { FieldValueDeleteResult } from '@portal/domain/schemas/field-value';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { wholesalers } from '../../db/schema';
import { AppError } from '../../errors';
import {
  assertCanManage,
  assertCanRead,
  deleteUnused,
  inOrder,
  type ListQuery,
  listPage,
  rethrowConflict,
  WHOLESALER_REFERENCES,
} from '../field-value';
import {
  findWholesalers,
  insertWholesaler,
  updateWholesaler,
  WHOLESALER_LIST,
  type WholesalerRow,
} from './wholesaler.repository';

function toWholesaler(row: WholesalerRow, usedByArticleAmount?: number) {
  return {
    id: row.id,
    displayName: row.displayName,
    lastUpdate: row.updatedAt.toISOString(),
    ...(usedByArticleAmount === undefined ? {} : { usedByArticleAmount }),
  };
}

/** SPEC §7 wholesaler calls; the name is unique (412 on create/update, SPEC §8). */
export function createWholesalerService(deps: { db: Db }) {
  const { db } = deps;

  async function get(actor: RequestActor, id: string) {
    assertCanRead(actor);
    const [row] = await findWholesalers(db, [id]);
    if (!row) throw new AppError('NOT_FOUND');
    return toWholesaler(row);
  }

  async function list(actor: RequestActor, query: ListQuery) {
    assertCanRead(actor);
    const page = await listPage(db, WHOLESALER_LIST, query);
    const rows = inOrder(page.ids, await findWholesalers(db, page.ids));
    return {
      content: rows.map((row) =>
        toWholesaler(row, page.amounts ? (page.amounts.get(row.id) ?? 0) : undefined),
      ),
      totalElements: page.total,
    };
  }

  async function create(actor: RequestActor, body: { displayName: string }) {
    assertCanManage(actor);
    try {
      return toWholesaler(await insertWholesaler(db, body.displayName));
    } catch (error) {
      rethrowConflict(error);
    }
  }

  async function update(actor: RequestActor, body: { id: string; displayName: string; lastUpdate: string }) {
    assertCanManage(actor);
    let row: WholesalerRow | null;
    try {
      row = await db.transaction(async (tx) => {
        await claimLoadedState(tx, wholesalers, body.id, {
          lastUpdate: body.lastUpdate,
          userId: actor.userId,
        });
        return updateWholesaler(tx, body.id, body.displayName);
      });
    } catch (error) {
      rethrowConflict(error);
    }
    if (!row) throw new AppError('NOT_FOUND');
    return toWholesaler(row);
  }

  /** SPEC §8: N deleted / N could not be deleted (still referenced by articles or discount groups). */
  async function remove(actor: RequestActor, ids: readonly string[]): Promise<FieldValueDeleteResult> {
    assertCanManage(actor);
    return deleteUnused(db, { table: wholesalers, id: wholesalers.id }, WHOLESALER_REFERENCES, ids);
  }

  return { get, list, create, update, remove };
}

export type WholesalerService = ReturnType<typeof createWholesalerService>;
