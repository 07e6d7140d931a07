import type { discountGroupBody } from '@portal/domain/schemas/discount-group';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { claimLoadedState, type LoadedState } from '../../db/last-update';
import { discountGroups } from '../../db/schema';
import { AppError } from '../../errors';
import {
  assertCanManage,
  assertNamesDistinct,
  createNamedService,
  DISCOUNT_GROUP_KIND,
  rethrowConflict,
} from '../field-value';
import { findManufacturers } from '../manufacturer';
import { findWholesalers } from '../wholesaler';
import { groupBeforeSave, recordGroupChanges } from './discountgroup.audit';
import {
  DISCOUNT_GROUP_LIST,
  type DiscountGroupRow,
  type DiscountGroupValues,
  findDiscountGroups,
  insertDiscountGroup,
  updateDiscountGroup,
} from './discountgroup.repository';

type Values = z.output<typeof discountGroupBody>;

export function toDiscountGroup(row: DiscountGroupRow, usedByArticleAmount?: number) {
  return { ...row, ...(usedByArticleAmount === undefined ? {} : { usedByArticleAmount }) };
}

/** A manufacturer or wholesaler named in the body that does not exist is answered as not found. */
async function assertReferencesExist(db: DbOrTx, values: DiscountGroupValues): Promise<void> {
  const wholesalerIds = values.wholesalerDiscounts.map((entry) => entry.wholesalerId);
  const [manufacturers, wholesalers] = await Promise.all([
    findManufacturers(db, [values.manufacturerId]),
    findWholesalers(db, wholesalerIds),
  ]);
  if (manufacturers.length !== 1 || wholesalers.length !== wholesalerIds.length)
    throw new AppError('NOT_FOUND');
}

/** SPEC §7 discount group calls (CSV export/import: discountgroup.csv.ts). */
export function createDiscountGroupService(deps: { db: Db }) {
  const { db } = deps;
  const named = createNamedService({
    db,
    kind: DISCOUNT_GROUP_KIND,
    list: DISCOUNT_GROUP_LIST,
    load: (ids) => findDiscountGroups(db, ids),
    toItem: toDiscountGroup,
    checkCombine(rows) {
      // SPEC §8: discount groups of different manufacturers cannot be combined.
      if (new Set(rows.map((row) => row.scope)).size > 1)
        throw new AppError('DISCOUNT_GROUP_MANUFACTURER_MISMATCH');
    },
  });

  /** Inserts (`saved` null) or updates the group based on the state its form was loaded with. */
  async function save(
    actor: RequestActor,
    saved: (LoadedState & { id: string }) | null,
    values: Values,
  ): Promise<DiscountGroupRow> {
    assertNamesDistinct(values);
    let savedId: string | null;
    try {
      savedId = await db.transaction(async (tx) => {
        await assertReferencesExist(tx, values);
        if (saved === null) {
          const id = await insertDiscountGroup(tx, values);
          await recordGroupChanges(tx, actor.userId, id, null);
          return id;
        }
        const updatedAt = await claimLoadedState(tx, discountGroups, saved.id, saved);
        const before = await groupBeforeSave(tx, saved.id);
        if (!before || !(await updateDiscountGroup(tx, saved.id, { ...values, updatedAt }))) return null;
        await recordGroupChanges(tx, actor.userId, saved.id, before);
        return saved.id;
      });
    } catch (error) {
      rethrowConflict(error);
    }
    const [row] = savedId ? await findDiscountGroups(db, [savedId]) : [];
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function create(actor: RequestActor, values: Values) {
    assertCanManage(actor);
    return toDiscountGroup(await save(actor, null, values));
  }

  async function update(actor: RequestActor, body: Values & { id: string; lastUpdate: string }) {
    assertCanManage(actor);
    const { id, lastUpdate, ...values } = body;
    return toDiscountGroup(await save(actor, { id, lastUpdate, userId: actor.userId }, values));
  }

  return { ...named, create, update };
}

export type DiscountGroupService = ReturnType<typeof createDiscountGroupService>;
