import { getTableName } from 'drizzle-orm';
import { manufacturerNames, unitNames } from '../../db/schema';
import { inRange, type MergePlan, matchStaged } from './catalog-merge';
import { duplicateReason, unknownManufacturerReason, unknownUnitReason } from './row-preparer';
import { q } from './staging';
import type { StagingPasses } from './staging-passes';

const NAMES = {
  manufacturer: q(getTableName(manufacturerNames)),
  unit: q(getTableName(unitNames)),
} as const;

/**
 * After a name of the file was resolved in the preview (a new manufacturer or unit, or a
 * name variant of an existing one), the rows that name it are taken over: they get the id, are checked
 * again like every row of the file (another unknown name, the same article twice in the file, a
 * manufacturer number of another article) and matched with the catalog. Every name the master data knows
 * by now is taken over, also one added meanwhile on the master data pages.
 */
export async function takeOverResolvedNames(passes: StagingPasses, plan: MergePlan): Promise<void> {
  const staging = plan.staging;
  await passes.each(async (tx, range) => {
    for (const column of ['manufacturer', 'unit'] as const) {
      // name_lower holds nameKey() of each name, as the staged *_key does.
      await tx.query(
        `UPDATE ${staging} b SET ${column}_id = n.item_id, ${column}_key = NULL, ${column}_name = NULL, recheck = true
         FROM ${NAMES[column]} n WHERE b.${column}_key IS NOT NULL AND n.name_lower = b.${column}_key${inRange('b', range)}`,
      );
    }
  });
  // A row may still name an unknown unit (or manufacturer); the others are no longer refused.
  await passes.each(
    async (tx, range) => {
      await tx.query(
        `UPDATE ${staging} b SET
           error = CASE WHEN b.manufacturer_key IS NOT NULL THEN format($1, b.manufacturer_name)
                        WHEN b.unit_key IS NOT NULL THEN format($2, b.unit_name) END,
           error_kind = CASE WHEN b.manufacturer_key IS NOT NULL THEN 'UNKNOWN_MANUFACTURER'
                             WHEN b.unit_key IS NOT NULL THEN 'UNKNOWN_UNIT' END
         WHERE true${inRange('b', range)}`,
        [unknownManufacturerReason('%s'), unknownUnitReason('%s')],
      );
    },
    { recheck: true },
  );
  await passes.once(async (tx) => {
    for (const [column, label] of numberColumns(plan)) {
      // Each article once per file (as RowPreparer checks while reading): of the rows of a manufacturer with
      // the same number, the first of the file is kept. Only manufacturers with rows taken over are looked at.
      await tx.query(
        `WITH touched AS (SELECT DISTINCT manufacturer_id FROM ${staging} WHERE recheck AND error IS NULL),
           d AS (SELECT line, min(line) OVER (PARTITION BY manufacturer_id, lower(${column})) AS first
                 FROM ${staging} WHERE error IS NULL AND ${column} IS NOT NULL
                   AND manufacturer_id IN (SELECT manufacturer_id FROM touched))
         UPDATE ${staging} b SET error = format($1, b.${column}, d.first), error_kind = 'DUPLICATE_IN_FILE',
           article_id = NULL, via_alternative = false, recheck = false
         FROM d WHERE b.line = d.line AND d.first < d.line`,
        [duplicateReason(label, '%1$s', '%2$s')],
      );
    }
  });
  await passes.each(
    async (tx, range) => {
      await matchStaged(tx, plan, range);
      await tx.query(`UPDATE ${staging} b SET recheck = false WHERE true${inRange('b', range)}`);
    },
    { recheck: true },
  );
}

function numberColumns(plan: MergePlan): [column: string, label: string][] {
  const has = (field: string) => plan.columns.some((column) => column.field === field);
  return [
    ...(has('orderNumber') ? [['order_number', 'Bestellnummer'] as [string, string]] : []),
    ...(has('manufacturerNumber') ? [['manufacturer_number', 'Herstellernummer'] as [string, string]] : []),
  ];
}
