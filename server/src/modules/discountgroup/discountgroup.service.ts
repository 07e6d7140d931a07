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
  recordNamedChanges,
  rethrowConflict,
  variantsText,
} from '../field-value';
import { findManufacturers } from '../manufacturer';
import { findWholesalers } from '../wholesaler';
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

/**
 * The group as its change history compares it: the manufacturer by name, the wholesaler discounts as
 * 'Name 12.5; Name 3' (read like an article's wholesaler prices).
 */
function auditView(row: DiscountGroupRow) {
  return {
    displayName: row.displayName,
    nameVariants: variantsText(row.nameVariants),
    manufacturer: row.manufacturerName,
    percent: row.percent,
    wholesalerDiscounts:
      row.wholesalerDiscounts.map((entry) => `${entry.wholesalerName} ${entry.percent}`).join('; ') || null,
  };
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
        let id: string | null;
        let before: DiscountGroupRow | undefined;
        if (saved === null) id = await insertDiscountGroup(tx, values);
        else {
          const updatedAt = await claimLoadedState(tx, discountGroups, saved.id, saved);
          [before] = await findDiscountGroups(tx, [saved.id]);
          id = (await updateDiscountGroup(tx, saved.id, { ...values, updatedAt })) ? saved.id : null;
        }
        const [after] = id ? await findDiscountGroups(tx, [id]) : [];
        if (id && after) {
          const audit = { entity: DISCOUNT_GROUP_KIND.entity, id, userId: actor.userId };
          await recordNamedChanges(tx, audit, before ? auditView(before) : null, auditView(after));
        }
        return id;
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
