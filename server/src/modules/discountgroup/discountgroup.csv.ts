import { germanDate } from '@portal/domain/rules/berlin-date';
import { type CsvError, describeCsvError } from '@portal/domain/rules/csv';
import {
  DISCOUNT_GROUP_CSV_HEADERS,
  type DiscountGroupCsvRow,
  formatDiscountGroupCsv,
  parseDiscountGroupCsv,
} from '@portal/domain/rules/discount-group-csv';

import { itemNames, nameKey } from '@portal/domain/rules/name-variants';
import type { ImportResult } from '@portal/domain/schemas/field-value';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { assertCanManage } from '../field-value';
import { findWholesalersByKeys } from '../wholesaler';
import {
  findAllDiscountGroups,
  findDiscountGroups,
  findGroupNameOwners,
  findManufacturerIdsByNames,
} from './discountgroup.repository';
import { type PlannedGroup, writeGroups } from './discountgroup.write';

const [MANUFACTURER, DISPLAY_NAME, VARIANTS, , WHOLESALERS] = DISCOUNT_GROUP_CSV_HEADERS;

function wrongFormat(error: CsvError): AppError {
  return new AppError('IMPORT_WRONG_FORMAT', describeCsvError(error));
}

/** Manufacturers by any of their names (display name, abbreviation, variant), as the BOM would name them. */
async function manufacturerIdsByName(db: DbOrTx, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  return findManufacturerIdsByNames(db, keys);
}

/**
 * Resolves every row to a manufacturer, its wholesalers and the existing group it updates (the group that
 * owns one of its names) or null for a new group. The first problem is reported with row and column.
 */
async function planImport(
  db: DbOrTx,
  rows: { row: number; group: DiscountGroupCsvRow }[],
): Promise<PlannedGroup[]> {
  const manufacturerIds = await manufacturerIdsByName(db, [
    ...new Set(rows.map((r) => nameKey(r.group.manufacturer))),
  ]);
  const wholesalerKeys = [
    ...new Set(rows.flatMap((r) => r.group.wholesalerDiscounts.map((d) => nameKey(d.wholesaler)))),
  ];
  const wholesalerIds = new Map(
    (await findWholesalersByKeys(db, wholesalerKeys)).map((w) => [w.nameKey, w.id]),
  );
  const owners = await findGroupNameOwners(db, [...new Set(manufacturerIds.values())]);
  const ownerOf = new Map(
    owners.map((owner) => [`${owner.manufacturerId}|${owner.nameLower}`, owner.itemId]),
  );

  const claimedNames = new Map<string, number>();
  const claimedGroups = new Map<string, number>();
  const planned: PlannedGroup[] = [];
  for (const { row, group } of rows) {
    const manufacturerId = manufacturerIds.get(nameKey(group.manufacturer));
    if (!manufacturerId) {
      throw wrongFormat({
        row,
        column: MANUFACTURER,
        message: `Der Hersteller „${group.manufacturer}“ ist nicht bekannt.`,
      });
    }
    const wholesalerDiscounts = group.wholesalerDiscounts.map((discount) => {
      const wholesalerId = wholesalerIds.get(nameKey(discount.wholesaler));
      if (!wholesalerId) {
        throw wrongFormat({
          row,
          column: WHOLESALERS,
          message: `Der Großhändler „${discount.wholesaler}“ ist nicht bekannt.`,
        });
      }
      return { wholesalerId, percent: discount.percent };
    });
    const keys = itemNames(group).map((name) => `${manufacturerId}|${nameKey(name)}`);
    for (const [index, key] of keys.entries()) {
      const earlier = claimedNames.get(key);
      if (earlier !== undefined) {
        throw wrongFormat({
          row,
          column: index === 0 ? DISPLAY_NAME : VARIANTS,
          message: `Die Bezeichnung steht beim selben Hersteller schon in Zeile ${earlier}.`,
        });
      }
      claimedNames.set(key, row);
    }
    const groups = [...new Set(keys.flatMap((key) => ownerOf.get(key) ?? []))];
    if (groups.length > 1) {
      throw wrongFormat({
        row,
        column: VARIANTS,
        message: 'Die Bezeichnungen gehören zu mehreren vorhandenen Rabattgruppen.',
      });
    }
    const groupId = groups[0] ?? null;
    if (groupId) {
      const earlier = claimedGroups.get(groupId);
      if (earlier !== undefined) {
        throw wrongFormat({
          row,
          column: DISPLAY_NAME,
          message: `Die Rabattgruppe wurde schon in Zeile ${earlier} geändert.`,
        });
      }
      claimedGroups.set(groupId, row);
    }
    const { displayName, nameVariants, percent } = group;
    planned.push({
      row,
      groupId,
      values: { displayName, nameVariants, percent, manufacturerId, wholesalerDiscounts },
    });
  }
  return planned;
}

/** SPEC §7 GET /discountgroup/export and POST /discountgroup/import (SPEC §9 format, all or nothing). */
export function createDiscountGroupCsvService(deps: { db: Db }) {
  const { db } = deps;

  async function exportCsv(actor: RequestActor): Promise<{ filename: string; content: string }> {
    assertCanManage(actor);
    const groups = await findAllDiscountGroups(db);
    const content = formatDiscountGroupCsv(
      groups.map((group) => ({
        manufacturer: group.manufacturerName,
        displayName: group.displayName,
        nameVariants: group.nameVariants,
        percent: group.percent,
        wholesalerDiscounts: group.wholesalerDiscounts.map((d) => ({
          wholesaler: d.wholesalerName,
          percent: d.percent,
        })),
      })),
    );
    return { filename: `Rabattgruppen_${germanDate(new Date())}.csv`, content };
  }

  /** `readFile` is only called once the actor may import (no upload is read for a refused caller). */
  async function importCsv(actor: RequestActor, readFile: () => Promise<string>): Promise<ImportResult> {
    assertCanManage(actor);
    const parsed = parseDiscountGroupCsv(await readFile());
    if (!parsed.ok) throw wrongFormat(parsed.error);
    return db.transaction(async (tx) => {
      const planned = await planImport(tx, parsed.value);
      const ids = planned.flatMap((entry) => (entry.groupId ? [entry.groupId] : []));
      const existing = new Map((await findDiscountGroups(tx, ids)).map((group) => [group.id, group]));
      return writeGroups(tx, actor.userId, planned, existing, (row) =>
        wrongFormat({ row, column: VARIANTS, message: 'Diese Bezeichnung wird bereits verwendet.' }),
      );
    });
  }

  return { exportCsv, importCsv };
}

export type DiscountGroupCsvService = ReturnType<typeof createDiscountGroupCsvService>;
