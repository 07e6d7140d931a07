import type { BomLineStatus } from '@portal/domain/enums';
import { quantityInArticleUnit } from '@portal/domain/rules/bom-matching';
import { metresEach } from '@portal/domain/rules/unit-dimensions';
import type { BomLine } from '@portal/domain/schemas/bom';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import {
  type BomLineRow,
  findArticleWithUnit,
  findEnquiryBomRelease,
  findLinesWithSameNumber,
  findOpenLinesWithNumbers,
  lockBomLine,
  markManualReplacement,
} from './bom-line-assignment.repository';
import { updateLineMatches } from './bom-line-writes.repository';
import { toBomLine } from './bom-lines.mapper';
import { type BomOwner, bomLinesById } from './bom-lines.repository';
import { matchBomLines } from './bom-match';

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
    const enquiry = await findEnquiryBomRelease(tx, line.enquiryBomId);
    if (!enquiry) throw new AppError('BOM_LINE_NOT_FOUND');
    if (enquiry.released) throw new AppError('BOM_RELEASED');
    return { enquiryBomId: line.enquiryBomId };
  }

  /**
   * The open lines (not found, duplicate, wrong unit; not assigned by hand) with these numbers in BOMs that
   * can still change, matched again: the remembered numbers now find the article (one index range each).
   */
  async function rematchOpenLines(tx: DbOrTx, line: BomLineRow) {
    if (!line.orderNumber && !line.manufacturerNumber) return;
    const rows = await findOpenLinesWithNumbers(tx, line);
    const matches = await matchBomLines(
      tx,
      rows.map((row) => ({
        quantity: row.quantity === null ? null : Number(row.quantity),
        unit: row.quantity_unit_name,
        orderNumber: row.order_number,
        manufacturerNumber: row.manufacturer_number,
        manufacturerName: row.manufacturer_name,
        isSuppliedPart: row.is_supplied_part,
        erpNumber: row.erp_number,
        texts: row.description ? [row.description] : [],
      })),
      { suggestions: false },
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
      const line = await lockBomLine(tx, lineId);
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
      const article = await findArticleWithUnit(tx, input.articleId);
      if (!article) throw new AppError('REPLACE_ARTICLE_NOT_FOUND');
      const targets = input.scope === 'ALL' ? await findLinesWithSameNumber(tx, owner, line) : [line];
      const articleUnit = article;
      const assigned = targets.map((target) => {
        const quantity = target.quantity !== null && target.quantity > 0 ? target.quantity : null;
        const converted =
          quantity === null
            ? null
            : quantityInArticleUnit(
                quantity,
                {
                  name: target.quantityUnitName,
                  unitId: target.quantityUnitId,
                  unitNames: [],
                  metresEach: metresEach([target.orderNumber, target.manufacturerNumber]),
                },
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
            matchKind: 'MANUAL' as const,
            suggestions: [],
            candidateIds: [],
            // Assigned by hand: a unit that cannot be converted is taken as the article's.
            articleQuantity: converted ?? quantity,
          },
        };
      });
      await updateLineMatches(tx, assigned);
      await markManualReplacement(
        tx,
        assigned.map((entry) => entry.id),
      );
      const ids = [line.id, ...assigned.map((entry) => entry.id).filter((id) => id !== line.id)];
      const rows = await bomLinesById(tx, owner, ids);
      const order = new Map(ids.map((id, index) => [id, index]));
      rows.sort((a, b) => (order.get(a.line.id) ?? 0) - (order.get(b.line.id) ?? 0));
      return rows.map(toBomLine);
    },
  };
}

export type { BomLineRow };
export type BomLineAssignment = ReturnType<typeof createBomLineAssignment>;
