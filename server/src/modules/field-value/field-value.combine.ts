import { itemNames, mergeNameVariants, nameKey } from '@portal/domain/rules/name-variants';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { rethrowConflict } from './db-errors';
import { DISCOUNT_GROUP_KIND, type NamedKind } from './field-value.kinds';
import { inOrder, loadNamedRows, type NamedRow, writeNames } from './field-value.repository';
import {
  deleteNamedItems,
  findDiscountGroupIdsOf,
  findDiscountGroupIdsOfAny,
  mergeWholesalerDiscounts,
  moveDiscountGroup,
  repointReferences,
  updateNameVariants,
} from './field-value-combine.repository';

/**
 * SPEC §4 combine: several items become one. The survivor is `targetId` or the first id; every reference
 * to the others points to it, their names join its variants; all in one transaction. `check` sees the
 * locked rows first (discount groups: same manufacturer). A combine that would duplicate a referencing
 * record (e.g. an article number) answers 409 and changes nothing.
 */
export async function combine(
  db: Db,
  kind: NamedKind,
  ids: readonly string[],
  targetId: string | undefined,
  check?: (rows: NamedRow[]) => void,
): Promise<{ id: string; combined: number }> {
  const unique = [...new Set(ids)];
  const survivorId = targetId ?? unique[0]!;
  const others = unique.filter((id) => id !== survivorId);
  try {
    await db.transaction(async (tx) => {
      const rows = await loadNamedRows(tx, kind, [survivorId, ...others], true);
      if (rows.length !== others.length + 1) throw new AppError('NOT_FOUND');
      check?.(rows);
      await combineInto(tx, kind, survivorId, others);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    rethrowConflict(error, 'COMBINE_CONFLICT');
  }
  return { id: survivorId, combined: others.length };
}

/** The combine steps inside a transaction; `takenElsewhere` are name keys of items in scope that stay. */
async function combineInto(
  tx: Tx,
  kind: NamedKind,
  survivorId: string,
  otherIds: string[],
  takenElsewhere: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const rows = await loadNamedRows(tx, kind, [survivorId, ...otherIds], true);
  const survivor = rows.find((row) => row.id === survivorId);
  if (!survivor) throw new AppError('NOT_FOUND');
  const others = inOrder(otherIds, rows);

  if (kind.entity === 'MANUFACTURER') await moveDiscountGroups(tx, survivorId, otherIds);
  if (kind.entity === 'DISCOUNT_GROUP') await mergeWholesalerDiscounts(tx, survivorId, otherIds);
  for (const column of [...kind.references, ...kind.combineOnly]) {
    await repointReferences(tx, column, survivorId, otherIds);
  }

  const nameVariants = mergeNameVariants(survivor, others, takenElsewhere);
  await deleteNamedItems(tx, kind, otherIds);
  await updateNameVariants(tx, kind, survivorId, nameVariants, new Date());
  await writeNames(tx, kind, survivorId, { ...survivor, nameVariants }, survivor.scope);
  return nameVariants;
}

/**
 * Combining manufacturers moves their discount groups to the survivor. A group whose name the survivor
 * already has (names are unique per manufacturer) is combined into that group instead.
 */
async function moveDiscountGroups(
  tx: Tx,
  manufacturerId: string,
  otherManufacturerIds: string[],
): Promise<void> {
  const targets = await loadNamedRows(
    tx,
    DISCOUNT_GROUP_KIND,
    await findDiscountGroupIdsOf(tx, manufacturerId),
    true,
  );
  const movingIds = await findDiscountGroupIdsOfAny(tx, otherManufacturerIds);
  const moving = inOrder(movingIds, await loadNamedRows(tx, DISCOUNT_GROUP_KIND, movingIds, true));

  for (const group of moving) {
    const keys = new Set(itemNames(group).map(nameKey));
    const match =
      targets.find((target) => keys.has(nameKey(target.displayName))) ??
      targets.find((target) => itemNames(target).some((name) => keys.has(nameKey(name))));
    if (!match) {
      await moveDiscountGroup(tx, group.id, manufacturerId, new Date());
      targets.push({ ...group, scope: manufacturerId });
      continue;
    }
    const takenElsewhere = new Set(
      targets.filter((target) => target !== match).flatMap((target) => itemNames(target).map(nameKey)),
    );
    match.nameVariants = await combineInto(tx, DISCOUNT_GROUP_KIND, match.id, [group.id], takenElsewhere);
  }
}
