import { and, count, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bomLines } from '../../db/schema';
import { type BomOwner, ownerWhere } from './bom-lines.repository';

/** The queries behind a BOM's unknown manufacturer names (bom-manufacturer-names.ts decides with them). */

/**
 * Each manufacturer name as written on the owner's current lines (supplied parts aside) that matching left
 * without a manufacturer, with its number of lines (one statement; a BOM repeats a few dozen names).
 */
export async function countNamesWithoutManufacturer(
  db: DbOrTx,
  owner: BomOwner,
): Promise<{ name: string; lines: number }[]> {
  const rows = await db
    .select({ name: bomLines.manufacturerName, lines: count() })
    .from(bomLines)
    .where(
      and(
        ownerWhere(owner),
        isNull(bomLines.manufacturerId),
        isNotNull(bomLines.manufacturerName),
        // A supplied part is the customer's own (SPEC §3): it is not matched, so its maker matters to no one.
        not(bomLines.isSuppliedPart),
      ),
    )
    .groupBy(bomLines.manufacturerName);
  return rows.map((row) => ({ name: row.name as string, lines: Number(row.lines) }));
}

/** The distinct manufacturer names as written on the owner's current lines. */
export async function distinctManufacturerNames(db: DbOrTx, owner: BomOwner): Promise<string[]> {
  const rows = await db
    .select({ name: bomLines.manufacturerName })
    .from(bomLines)
    .where(and(ownerWhere(owner), isNotNull(bomLines.manufacturerName)))
    .groupBy(bomLines.manufacturerName);
  return rows.map((row) => row.name as string);
}

/**
 * The owner's current lines without a manufacturer that name one of `names` (as written), with what
 * matching needs; lines assigned by hand are left out (their assignment holds, SPEC §4).
 */
export function linesToRematch(db: DbOrTx, owner: BomOwner, names: readonly string[]) {
  return db
    .select({
      id: bomLines.id,
      quantity: bomLines.quantity,
      unit: bomLines.quantityUnitName,
      orderNumber: bomLines.orderNumber,
      manufacturerNumber: bomLines.manufacturerNumber,
      manufacturerName: bomLines.manufacturerName,
      isSuppliedPart: bomLines.isSuppliedPart,
      erpNumber: bomLines.erpNumber,
      raw: bomLines.raw,
    })
    .from(bomLines)
    .where(
      and(
        ownerWhere(owner),
        isNull(bomLines.manufacturerId),
        not(bomLines.manualReplacement),
        inArray(bomLines.manufacturerName, [...names]),
      ),
    );
}

/**
 * Writes `displayName` as the manufacturer of the owner's lines without a manufacturer that name one of
 * `spellings` (as written), flagged edited; lines assigned by hand keep theirs. Returns how many changed.
 */
export async function renameLineManufacturers(
  db: DbOrTx,
  owner: BomOwner,
  spellings: readonly string[],
  displayName: string,
): Promise<number> {
  if (spellings.length === 0) return 0;
  const changed = await db
    .update(bomLines)
    .set({ manufacturerName: displayName, edited: true })
    .where(
      and(
        ownerWhere(owner),
        isNull(bomLines.manufacturerId),
        not(bomLines.manualReplacement),
        inArray(bomLines.manufacturerName, [...spellings]),
      ),
    )
    .returning({ id: bomLines.id });
  return changed.length;
}

/** The owner's lines without a manufacturer that name one of `names` (as written), with their numbers. */
export function numbersOfNames(db: DbOrTx, owner: BomOwner, names: readonly string[]) {
  return db
    .select({
      name: bomLines.manufacturerName,
      orderNumber: bomLines.orderNumber,
      manufacturerNumber: bomLines.manufacturerNumber,
    })
    .from(bomLines)
    .where(
      and(ownerWhere(owner), isNull(bomLines.manufacturerId), inArray(bomLines.manufacturerName, [...names])),
    );
}

/**
 * For each group's lines (their normalised numbers), the manufacturers whose articles have such a number,
 * with how many of the group's lines each has: one statement, two index probes per line.
 */
export async function manufacturersOfNumbers(
  db: DbOrTx,
  lines: readonly { g: number; ok: string | null; mk: string | null }[],
): Promise<{ group: number; id: string; displayName: string; lines: number }[]> {
  if (lines.length === 0) return [];
  const result = await db.execute(sql`
    with l as (
      select row_number() over () as r, g, ok collate "C" as ok, mk collate "C" as mk
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as p(g int, ok text, mk text)
    )
    select l.g, m.id, m.display_name, count(distinct l.r)::int as lines
    from l cross join lateral (
      (select a.manufacturer_id from articles a where l.ok is not null and a.order_number_key = l.ok)
      union
      (select a.manufacturer_id from articles a where l.mk is not null and a.manufacturer_number_key = l.mk)
    ) c
    join manufacturers m on m.id = c.manufacturer_id
    group by l.g, m.id, m.display_name`);
  return rowsOf<{ g: number; id: string; display_name: string; lines: number }>(result).map((row) => ({
    group: Number(row.g),
    id: row.id,
    displayName: row.display_name,
    lines: Number(row.lines),
  }));
}
