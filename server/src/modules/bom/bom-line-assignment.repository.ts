import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { articles, bomLines, enquiries, enquiryBoms, units } from '../../db/schema';
import { type BomOwner, ownerWhere } from './bom-lines.repository';

/** The queries of an operator's article assignment to BOM lines (bom-line-assignment.ts decides). */

export type BomLineRow = typeof bomLines.$inferSelect;

const lowerKey = (value: string) => sql`lower(${value}) collate "C"`;

/** Whether the enquiry of an enquiry BOM is released (absent: no such BOM). */
export async function findEnquiryBomRelease(
  tx: DbOrTx,
  enquiryBomId: string,
): Promise<{ released: boolean } | undefined> {
  const [enquiry] = await tx
    .select({ released: enquiries.released })
    .from(enquiryBoms)
    .innerJoin(enquiries, eq(enquiries.id, enquiryBoms.enquiryId))
    .where(eq(enquiryBoms.id, enquiryBomId));
  return enquiry;
}

/** A line by id, locked for the caller's transaction (FOR UPDATE). */
export async function lockBomLine(tx: DbOrTx, lineId: string): Promise<BomLineRow | undefined> {
  const [line] = await tx.select().from(bomLines).where(eq(bomLines.id, lineId)).for('update');
  return line;
}

export interface OpenLineRow {
  id: string;
  quantity: string | number | null;
  quantity_unit_name: string | null;
  order_number: string | null;
  manufacturer_number: string | null;
  manufacturer_name: string | null;
  is_supplied_part: boolean;
  erp_number: string | null;
  description: string | null;
}

/**
 * The open lines (not found, duplicate, wrong unit; not assigned by hand) with the line's order or
 * manufacturer number in BOMs that can still change (the operator's results, unreleased enquiries), one
 * index range each; none when the line has neither number.
 */
export async function findOpenLinesWithNumbers(
  tx: DbOrTx,
  line: Pick<BomLineRow, 'orderNumber' | 'manufacturerNumber'>,
): Promise<OpenLineRow[]> {
  const open = sql`status in ('NOT_FOUND', 'DUPLICATE', 'WRONG_UNIT') and not manual_replacement`;
  const changeable = sql`(admin_bom_id is not null or enquiry_bom_id in (
      select eb.id from enquiry_boms eb join enquiries e on e.id = eb.enquiry_id where not e.released))`;
  const byNumber = [
    line.orderNumber ? sql`lower(order_number) collate "C" = ${lowerKey(line.orderNumber)}` : null,
    line.manufacturerNumber
      ? sql`lower(manufacturer_number) collate "C" = ${lowerKey(line.manufacturerNumber)}`
      : null,
  ].filter((condition) => condition !== null);
  if (byNumber.length === 0) return [];
  const result = await tx.execute(sql`
      select id, quantity, quantity_unit_name, order_number, manufacturer_number, manufacturer_name,
        is_supplied_part, erp_number, description
      from bom_lines where ${open} and ${changeable} and (${sql.join(byNumber, sql` or `)})
      limit 5000`);
  return rowsOf<OpenLineRow>(result);
}

/** A catalog article with its unit's display name and name variants (null: unknown article). */
export async function findArticleWithUnit(
  tx: DbOrTx,
  articleId: string,
): Promise<{ id: string; unitId: string | null; unitNames: string[] } | null> {
  const [row] = await tx
    .select({
      id: articles.id,
      unitId: articles.unitId,
      unitName: units.displayName,
      variants: units.nameVariants,
    })
    .from(articles)
    .leftJoin(units, eq(units.id, articles.unitId))
    .where(eq(articles.id, articleId));
  if (!row) return null;
  return {
    id: row.id,
    unitId: row.unitId,
    unitNames: row.unitName ? [row.unitName, ...(row.variants ?? [])] : [],
  };
}

/**
 * The owner's current lines that are the line itself or have its order number, else its manufacturer
 * number (case-insensitive).
 */
export function findLinesWithSameNumber(
  tx: DbOrTx,
  owner: BomOwner,
  line: BomLineRow,
): Promise<BomLineRow[]> {
  const sameNumber = line.orderNumber
    ? sql`lower(${bomLines.orderNumber}) collate "C" = ${lowerKey(line.orderNumber)}`
    : line.manufacturerNumber
      ? sql`lower(${bomLines.manufacturerNumber}) collate "C" = ${lowerKey(line.manufacturerNumber)}`
      : sql`false`;
  return tx
    .select()
    .from(bomLines)
    .where(and(ownerWhere(owner), or(eq(bomLines.id, line.id), sameNumber)));
}

/** Flags the lines as assigned by hand. */
export async function markManualReplacement(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  await tx
    .update(bomLines)
    .set({ manualReplacement: true })
    .where(inArray(bomLines.id, [...ids]));
}
