import { addNameVariant, cleanName } from '@portal/domain/rules/name-variants';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { units } from '../../db/schema';
import { AppError } from '../../errors';
import {
  assertCanManage,
  assertNamesDistinct,
  createNamedService,
  recordNamedChanges,
  rethrowConflict,
  UNIT_KIND,
  variantsText,
} from '../field-value';
import {
  findUnits,
  insertUnit,
  UNIT_LIST,
  type UnitRow,
  type UnitValues,
  updateUnit,
} from './unit.repository';

function toUnit(row: UnitRow, usedByArticleAmount?: number) {
  return {
    id: row.id,
    displayName: row.displayName,
    nameVariants: row.nameVariants,
    lastUpdate: row.updatedAt.toISOString(),
    ...(usedByArticleAmount === undefined ? {} : { usedByArticleAmount }),
  };
}

/** The unit as its change history compares it. */
function auditView(row: UnitRow) {
  return { displayName: row.displayName, nameVariants: variantsText(row.nameVariants) };
}

/** SPEC §7 unit calls. */
export function createUnitService(deps: { db: Db }) {
  const { db } = deps;
  const named = createNamedService({
    db,
    kind: UNIT_KIND,
    list: UNIT_LIST,
    load: (ids) => findUnits(db, ids),
    toItem: toUnit,
  });

  async function create(actor: RequestActor, values: UnitValues) {
    assertCanManage(actor);
    assertNamesDistinct(values);
    try {
      const row = await db.transaction(async (tx) => {
        const created = await insertUnit(tx, values);
        const audit = { entity: UNIT_KIND.entity, id: created.id, userId: actor.userId };
        await recordNamedChanges(tx, audit, null, auditView(created));
        return created;
      });
      return toUnit(row);
    } catch (error) {
      rethrowConflict(error);
    }
  }

  async function update(actor: RequestActor, body: UnitValues & { id: string; lastUpdate: string }) {
    assertCanManage(actor);
    const { id, lastUpdate, ...values } = body;
    assertNamesDistinct(values);
    let row: UnitRow | null;
    try {
      row = await db.transaction(async (tx) => {
        await claimLoadedState(tx, units, id, { lastUpdate, userId: actor.userId });
        const [before] = await findUnits(tx, [id]);
        const updated = await updateUnit(tx, id, values);
        if (before && updated) {
          const audit = { entity: UNIT_KIND.entity, id, userId: actor.userId };
          await recordNamedChanges(tx, audit, auditView(before), auditView(updated));
        }
        return updated;
      });
    } catch (error) {
      rethrowConflict(error);
    }
    if (!row) throw new AppError('NOT_FOUND');
    return toUnit(row);
  }

  /**
   * SPEC §5 name variants: `name` (trimmed) joins the unit's variants, as the form's Enter does. 409
   * NAME_TAKEN when it already is one of its names or another unit's, 404 for an unknown id. Saved on the
   * state just read: a change by someone else in between is not overwritten (412).
   */
  async function addVariant(actor: RequestActor, id: string, name: string) {
    assertCanManage(actor);
    const [row] = await findUnits(db, [id]);
    if (!row) throw new AppError('NOT_FOUND');
    const added = addNameVariant(row, name);
    if (!added.ok) throw new AppError('NAME_TAKEN');
    return update(actor, {
      id,
      lastUpdate: row.updatedAt.toISOString(),
      displayName: row.displayName,
      nameVariants: added.nameVariants,
    });
  }

  /** A new unit named `name` (trimmed), without variants: "neu anlegen" of an unknown name. */
  async function createNamed(actor: RequestActor, name: string) {
    return create(actor, { displayName: cleanName(name), nameVariants: [] });
  }

  return { ...named, create, update, addVariant, createNamed };
}

export type UnitService = ReturnType<typeof createUnitService>;
