import { addNameVariant, cleanName } from '@portal/domain/rules/name-variants';
import type { manufacturerBody } from '@portal/domain/schemas/manufacturer';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { manufacturers } from '../../db/schema';
import { AppError } from '../../errors';
import {
  assertCanManage,
  assertNamesDistinct,
  createNamedService,
  MANUFACTURER_KIND,
  recordNamedChanges,
  rethrowConflict,
  variantsText,
} from '../field-value';
import {
  findManufacturers,
  insertManufacturer,
  MANUFACTURER_LIST,
  type ManufacturerRow,
  moveArticles,
  updateManufacturer,
} from './manufacturer.repository';

type Values = z.output<typeof manufacturerBody>;

function toManufacturer(row: ManufacturerRow, usedByArticleAmount?: number) {
  return {
    id: row.id,
    displayName: row.displayName,
    nameVariants: row.nameVariants,
    abbreviation: row.abbreviation,
    link: row.link,
    lastUpdate: row.updatedAt.toISOString(),
    ...(usedByArticleAmount === undefined ? {} : { usedByArticleAmount }),
  };
}

/** The manufacturer as its change history compares it. */
function auditView(row: ManufacturerRow) {
  return {
    displayName: row.displayName,
    nameVariants: variantsText(row.nameVariants),
    abbreviation: row.abbreviation,
    link: row.link,
  };
}

/** SPEC §7 manufacturer calls. */
export function createManufacturerService(deps: { db: Db }) {
  const { db } = deps;
  const named = createNamedService({
    db,
    kind: MANUFACTURER_KIND,
    list: MANUFACTURER_LIST,
    load: (ids) => findManufacturers(db, ids),
    toItem: toManufacturer,
  });

  async function create(actor: RequestActor, values: Values) {
    assertCanManage(actor);
    assertNamesDistinct(values);
    try {
      const row = await db.transaction(async (tx) => {
        const created = await insertManufacturer(tx, values);
        const audit = { entity: MANUFACTURER_KIND.entity, id: created.id, userId: actor.userId };
        await recordNamedChanges(tx, audit, null, auditView(created));
        return created;
      });
      return toManufacturer(row);
    } catch (error) {
      rethrowConflict(error);
    }
  }

  async function update(actor: RequestActor, body: Values & { id: string; lastUpdate: string }) {
    assertCanManage(actor);
    const { id, lastUpdate, ...values } = body;
    assertNamesDistinct(values);
    let row: ManufacturerRow | null;
    try {
      row = await db.transaction(async (tx) => {
        await claimLoadedState(tx, manufacturers, id, { lastUpdate, userId: actor.userId });
        const [before] = await findManufacturers(tx, [id]);
        const updated = await updateManufacturer(tx, id, values);
        if (before && updated) {
          const audit = { entity: MANUFACTURER_KIND.entity, id, userId: actor.userId };
          await recordNamedChanges(tx, audit, auditView(before), auditView(updated));
        }
        return updated;
      });
    } catch (error) {
      rethrowConflict(error);
    }
    if (!row) throw new AppError('NOT_FOUND');
    return toManufacturer(row);
  }

  /** "Migration starten" (SPEC §2 manufacturer form): its articles move to the target manufacturer. */
  async function migrateArticles(actor: RequestActor, fromId: string, toId: string) {
    assertCanManage(actor);
    const movedArticles = await db.transaction(async (tx) => {
      const found = await findManufacturers(tx, [fromId, toId]);
      if (found.length !== 2) throw new AppError('NOT_FOUND');
      return moveArticles(tx, fromId, toId);
    });
    return { movedArticles };
  }

  /**
   * SPEC §5 name variants: `name` (trimmed) joins the manufacturer's variants, as the form's Enter does. 409
   * NAME_TAKEN when it already is one of its names or another manufacturer's (the names index), 404 for an
   * unknown id. Saved on the state just read: a change by someone else in between is not overwritten (412).
   */
  async function addVariant(actor: RequestActor, id: string, name: string) {
    assertCanManage(actor);
    const [row] = await findManufacturers(db, [id]);
    if (!row) throw new AppError('NOT_FOUND');
    const added = addNameVariant(row, name);
    if (!added.ok) throw new AppError('NAME_TAKEN');
    return update(actor, {
      id,
      lastUpdate: row.updatedAt.toISOString(),
      displayName: row.displayName,
      nameVariants: added.nameVariants,
      abbreviation: row.abbreviation,
      link: row.link,
    });
  }

  /** A new manufacturer named `name` (trimmed), without variants: "neu anlegen" of an unknown name. */
  async function createNamed(actor: RequestActor, name: string) {
    return create(actor, { displayName: cleanName(name), nameVariants: [], abbreviation: null, link: null });
  }

  return { ...named, create, update, addVariant, createNamed, migrateArticles };
}

export type ManufacturerService = ReturnType<typeof createManufacturerService>;
