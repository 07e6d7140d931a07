import type { DatanormDiscountGroup } from '@portal/domain/rules/datanorm-groups';
import { nameKey } from '@portal/domain/rules/name-variants';
import type { ImportResult } from '@portal/domain/schemas/field-value';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { assertCanManage } from '../field-value';
import { findDiscountGroups, findGroupNameOwners } from './discountgroup.repository';
import { type PlannedGroup, writeGroups } from './discountgroup.write';

/** Whose discount groups a DATANORM.RAB file describes: the manufacturer they belong to, the wholesaler sending it. */
export interface DatanormDiscountTarget {
  manufacturerId: string;
  wholesalerId: string | null;
}

/**
 * SPEC §3 discount groups from a wholesaler's DATANORM.RAB: each group is found among the manufacturer's
 * groups by its code (display name or name variant, as the A records name it) or created with the code as
 * its name. With a wholesaler the file's discount becomes that wholesaler's discount of the group (the
 * other wholesalers' and the group's own percent stay; a new group starts with the same percent, the only
 * figure known); without one it is the group's own percent. All or nothing, in one transaction; a name
 * taken meanwhile is refused naming the file's line (417).
 */
export function createDiscountGroupDatanormService(deps: { db: Db }) {
  const { db } = deps;

  async function importDatanormGroups(
    actor: RequestActor,
    groups: readonly DatanormDiscountGroup[],
    target: DatanormDiscountTarget,
  ): Promise<ImportResult> {
    assertCanManage(actor);
    return db.transaction(async (tx) => {
      const owners = await findGroupNameOwners(tx, [target.manufacturerId]);
      const ownerOf = new Map(owners.map((owner) => [owner.nameLower, owner.itemId]));
      const ids = [...new Set(groups.flatMap((group) => ownerOf.get(nameKey(group.code)) ?? []))];
      const existing = new Map((await findDiscountGroups(tx, ids)).map((group) => [group.id, group]));
      const planned: PlannedGroup[] = groups.map((group) => {
        const groupId = ownerOf.get(nameKey(group.code)) ?? null;
        const known = groupId ? existing.get(groupId) : undefined;
        const others = (known?.wholesalerDiscounts ?? [])
          .filter((discount) => discount.wholesalerId !== target.wholesalerId)
          .map(({ wholesalerId, percent }) => ({ wholesalerId, percent }));
        const wholesalerDiscounts = target.wholesalerId
          ? [...others, { wholesalerId: target.wholesalerId, percent: group.percent }]
          : others;
        const percent = known && target.wholesalerId ? known.percent : group.percent;
        return {
          row: group.line,
          groupId,
          values: {
            displayName: known?.displayName ?? group.code,
            nameVariants: known?.nameVariants ?? [],
            percent,
            manufacturerId: target.manufacturerId,
            wholesalerDiscounts,
          },
        };
      });
      return writeGroups(
        tx,
        actor.userId,
        planned,
        existing,
        (line) =>
          new AppError(
            'ARTICLE_IMPORT_WRONG_FORMAT',
            `Zeile ${line}: Diese Bezeichnung wird bereits verwendet.`,
          ),
      );
    });
  }

  return { importDatanormGroups };
}

export type DiscountGroupDatanormService = ReturnType<typeof createDiscountGroupDatanormService>;
