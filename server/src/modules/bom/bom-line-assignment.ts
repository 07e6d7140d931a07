import type { BomLineStatus } from '@portal/domain/enums';
import { quantityInArticleUnit } from '@portal/domain/rules/bom-matching';
import type { BomLine } from '@portal/domain/schemas/bom';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { articles, bomLines, enquiries, enquiryBoms, units } from '../../db/schema';
import { AppError } from '../../errors';
import { toBomLine } from './bom-lines.mapper';
import { type BomOwner, bomLinesById, ownerWhere, updateLineMatches } from './bom-lines.repository';
import { matchBomLines } from './bom-match';

const lowerKey = (value: string) => sql`lower(${value}) collate "C"`;

/**
 * SPEC §4/§7 POST /article/replace with a BOM line (the article module's replace calls
 * this inside its transaction): an operator assigns a catalog article to a line that did not match, for
 * that line or for every line of the BOM with its number. The assignment is manual (`manualReplacement`)
 * and holds until the customer edits the line. The article module remembers the line's numbers as the
 * article's alternatives; the open lines with those numbers in BOMs that can still change (drafts, the
 * operator's results) are then matched again here, so they find it at once. A released enquiry's BOM is
 * fixed (409).
 */
export function createBomLineAssignment() {
  async function ownerOf(tx: DbOrTx, line: BomLineRow): Promise<BomOwner> {
    if (line.adminBomId) return { adminBomId: line.adminBomId };
    // An offer's articles are the supplier's to change (POST /offer/article/update), not the operator's.
    if (!line.enquiryBomId) throw new AppError('BOM_LINE_NOT_FOUND');
    const [enquiry] = await tx
      .select({ released: enquiries.released })
      .from(enquiryBoms)
      .innerJoin(enquiries, eq(enquiries.id, enquiryBoms.enquiryId))
      .where(eq(enquiryBoms.id, line.enquiryBomId));
    if (!enquiry) throw new AppError('BOM_LINE_NOT_FOUND');
    if (enquiry.released) throw new AppError('BOM_RELEASED');
    return { enquiryBomId: line.enquiryBomId };
  }

  /**
   * The open lines (not found, duplicate, wrong unit; not assigned by hand) with these numbers in BOMs that
   * can still change, matched again: the remembered numbers now find the article (one index range each).
   */
  async function rematchOpenLines(tx: DbOrTx, line: BomLineRow) {
    const open = sql`status in ('NOT_FOUND', 'DUPLICATE', 'WRONG_UNIT') and not manual_replacement`;
    const changeable = sql`(admin_bom_id is not null or enquiry_bom_id in (
      select eb.id from enquiry_boms eb join enquiries e on e.id = eb.enquiry_id where not e.released))`;
    const byNumber = [
      line.orderNumber ? sql`lower(order_number) collate "C" = ${lowerKey(line.orderNumber)}` : null,
      line.manufacturerNumber
        ? sql`lower(manufacturer_number) collate "C" = ${lowerKey(line.manufacturerNumber)}`
        : null,
    ].filter((condition) => condition !== null);
    if (byNumber.length === 0) return;
    const result = await tx.execute(sql`
      select id, quantity, quantity_unit_name, order_number, manufacturer_number, manufacturer_name,
        is_supplied_part
      from bom_lines where ${open} and ${changeable} and (${sql.join(byNumber, sql` or `)})
      limit 5000`);
    const rows = rowsOf<{
      id: string;
      quantity: string | number | null;
      quantity_unit_name: string | null;
      order_number: string | null;
      manufacturer_number: string | null;
      manufacturer_name: string | null;
      is_supplied_part: boolean;
    }>(result);
    const matches = await matchBomLines(
      tx,
      rows.map((row) => ({
        quantity: row.quantity === null ? null : Number(row.quantity),
        unit: row.quantity_unit_name,
        orderNumber: row.order_number,
        manufacturerNumber: row.manufacturer_number,
        manufacturerName: row.manufacturer_name,
        isSuppliedPart: row.is_supplied_part,
      })),
    );
    const found = rows.flatMap((row, index) => {
      const match = matches[index];
      return match && match.status !== 'NOT_FOUND' ? [{ id: row.id, match }] : [];
    });
    await updateLineMatches(tx, found);
  }

  return {
    rematchOpenLines,

    /** The line to assign, locked, with its owner (404 unknown, 409 a released enquiry's BOM). */
    async lockLine(tx: DbOrTx, lineId: string) {
      const [line] = await tx.select().from(bomLines).where(eq(bomLines.id, lineId)).for('update');
      if (!line) throw new AppError('BOM_LINE_NOT_FOUND');
      return { line, owner: await ownerOf(tx, line) };
    },

    /**
     * Assigns the article to the line (scope LINE) or to every line of its BOM with its order number, else
     * manufacturer number (scope ALL), by hand. The assigned lines are answered, the chosen one first.
     */
    async assign(
      tx: DbOrTx,
      input: { line: BomLineRow; owner: BomOwner; articleId: string; scope: 'LINE' | 'ALL' },
    ): Promise<BomLine[]> {
      const { line, owner } = input;
      const [article] = await tx
        .select({
          id: articles.id,
          unitId: articles.unitId,
          unitName: units.displayName,
          variants: units.nameVariants,
        })
        .from(articles)
        .leftJoin(units, eq(units.id, articles.unitId))
        .where(eq(articles.id, input.articleId));
      if (!article) throw new AppError('REPLACE_ARTICLE_NOT_FOUND');
      const sameNumber = line.orderNumber
        ? sql`lower(${bomLines.orderNumber}) collate "C" = ${lowerKey(line.orderNumber)}`
        : line.manufacturerNumber
          ? sql`lower(${bomLines.manufacturerNumber}) collate "C" = ${lowerKey(line.manufacturerNumber)}`
          : sql`false`;
      const targets =
        input.scope === 'ALL'
          ? await tx
              .select()
              .from(bomLines)
              .where(and(ownerWhere(owner), or(eq(bomLines.id, line.id), sameNumber)))
          : [line];
      const articleUnit = {
        unitId: article.unitId,
        unitNames: article.unitName ? [article.unitName, ...(article.variants ?? [])] : [],
      };
      const assigned = targets.map((target) => {
        const quantity = target.quantity !== null && target.quantity > 0 ? target.quantity : null;
        const converted =
          quantity === null
            ? null
            : quantityInArticleUnit(
                quantity,
                { name: target.quantityUnitName, unitId: target.quantityUnitId, unitNames: [] },
                articleUnit,
              );
        const status: BomLineStatus = target.isSuppliedPart
          ? 'SUPPLIED'
          : quantity === null
            ? 'MISSING_VALUES'
            : 'MATCHED';
        return {
          id: target.id,
          match: {
            manufacturerId: target.manufacturerId,
            quantityUnitId: target.quantityUnitId,
            status,
            matchedArticleId: article.id,
            candidateIds: [],
            // Assigned by hand: a unit that cannot be converted is taken as the article's.
            articleQuantity: converted ?? quantity,
          },
        };
      });
      await updateLineMatches(tx, assigned);
      await tx
        .update(bomLines)
        .set({ manualReplacement: true })
        .where(
          inArray(
            bomLines.id,
            assigned.map((entry) => entry.id),
          ),
        );
      const ids = [line.id, ...assigned.map((entry) => entry.id).filter((id) => id !== line.id)];
      const rows = await bomLinesById(tx, owner, ids);
      const order = new Map(ids.map((id, index) => [id, index]));
      rows.sort((a, b) => (order.get(a.line.id) ?? 0) - (order.get(b.line.id) ?? 0));
      return rows.map(toBomLine);
    },
  };
}

export type BomLineRow = typeof bomLines.$inferSelect;
export type BomLineAssignment = ReturnType<typeof createBomLineAssignment>;
