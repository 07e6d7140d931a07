import type { FileType } from '@portal/domain/enums';
import { type EstimateLine, estimate, priceLine } from '@portal/domain/rules/estimate';
import { roundTo } from '@portal/domain/rules/unit-conversion';
import { countedUnitName, packagesNeeded } from '@portal/domain/rules/unit-dimensions';
import { type BomLine, type BomMatchedArticle, isBomErrorStatus } from '@portal/domain/schemas/bom';
import type { BomEstimate, BomSummedResponse, SummedBomLine } from '@portal/domain/schemas/bom-lines';
import type { LineRow } from './bom-lines.repository';

/** Stored lines as the API answers them, and the estimate and summed BOM made of them. */

function matchedArticle(row: LineRow): BomMatchedArticle | null {
  if (!row.article) return null;
  return {
    id: row.article.id,
    orderNumber: row.article.orderNumber,
    manufacturerNumber: row.article.manufacturerNumber,
    manufacturerName: row.articleManufacturer,
    description: row.article.description,
    unitName: row.articleUnit,
  };
}

function articleUnitNames(row: LineRow): string[] {
  return row.articleUnit ? [row.articleUnit, ...(row.articleUnitVariants ?? [])] : [];
}

function priceInput(row: LineRow) {
  if (!row.article) return null;
  return {
    purchasePrice: row.article.purchasePrice,
    listPrice: row.article.listPrice,
    priceUnitSize: row.article.priceUnitSize,
    discountPercent: row.discountPercent,
  };
}

/** SPEC §9 price of a line: matched (not supplied, no error) and the article has a price. */
export function linePrice(row: LineRow): number | null {
  const input = priceInput(row);
  if (!input || row.line.status !== 'MATCHED') return null;
  return priceLine(input, row.line.articleQuantity)?.price ?? null;
}

export function toBomLine(row: LineRow): BomLine {
  const { line } = row;
  return {
    id: line.id,
    rowNumber: line.rowNumber,
    quantity: line.quantity,
    articleQuantity: row.article ? line.articleQuantity : null,
    packages: row.article ? packagesNeeded(line.articleQuantity, articleUnitNames(row)) : null,
    quantityUnitId: line.quantityUnitId,
    quantityUnitName: line.quantityUnitName,
    isSuppliedPart: line.isSuppliedPart,
    functionDesignation: line.functionDesignation,
    functionalAssignment: line.functionalAssignment,
    locationIdentifier: line.locationIdentifier,
    installationLocation: line.installationLocation,
    bmk: line.bmk,
    wholesalerOrderNumber: line.wholesalerOrderNumber,
    orderNumber: line.orderNumber,
    manufacturerNumber: line.manufacturerNumber,
    manufacturerName: line.manufacturerName,
    manufacturerId: line.manufacturerId,
    description: line.description,
    erpNumber: line.erpNumber,
    matchedArticleId: line.matchedArticleId,
    matchedArticle: matchedArticle(row),
    manualReplacement: line.manualReplacement,
    status: line.status,
    matchKind: line.matchKind,
    suggestions: line.status === 'NOT_FOUND' ? line.suggestions : [],
    candidateIds: line.candidateIds,
    edited: line.edited,
    price: linePrice(row),
    raw: line.raw,
  };
}

/** A line as the estimate sees it: an article only when the line matched (or is a supplied part). */
function estimateLine(row: LineRow): EstimateLine {
  const input = priceInput(row);
  const usable = input && (row.line.status === 'MATCHED' || row.line.status === 'SUPPLIED');
  return {
    quantity: row.line.articleQuantity ?? row.line.quantity,
    isSuppliedPart: row.line.isSuppliedPart,
    hasError: isBomErrorStatus(row.line.status),
    article: usable ? { ...input, workTimeMinutes: row.workTime } : null,
  };
}

/** SPEC §9 estimate of the lines (null without lines). */
export function estimateOf(
  rows: readonly LineRow[],
  fileTypes: readonly FileType[],
  amount: number,
): BomEstimate | null {
  if (rows.length === 0) return null;
  return estimate({ lines: rows.map(estimateLine), fileTypes, amount });
}

/**
 * The summed BOM (SPEC §2 "show summed BOM"): lines summed by matched article, else by their numbers and manufacturer as written
 * (case-insensitive); supplied parts apart from the others. In the order of their first line.
 */
export function summedBom(rows: readonly LineRow[]): BomSummedResponse {
  const groups = new Map<string, { line: SummedBomLine; rows: LineRow[] }>();
  for (const row of rows) {
    const { line } = row;
    const numbers = [line.orderNumber, line.manufacturerNumber, line.manufacturerName]
      .map((value) => (value ?? '').toLowerCase())
      .join('|');
    const key = `${line.isSuppliedPart ? 'S' : 'P'}:${line.matchedArticleId && line.status !== 'WRONG_UNIT' ? line.matchedArticleId : numbers}`;
    const group = groups.get(key);
    if (group) {
      group.rows.push(row);
      continue;
    }
    const article = line.status === 'WRONG_UNIT' ? null : matchedArticle(row);
    groups.set(key, {
      rows: [row],
      line: {
        key,
        matchedArticle: article,
        orderNumber: article?.orderNumber ?? line.orderNumber,
        manufacturerNumber: article?.manufacturerNumber ?? line.manufacturerNumber,
        manufacturerName: article?.manufacturerName ?? line.manufacturerName,
        // Matched lines are summed in the article's counted unit: pieces of an article sold in "100 Stück".
        unitName: article ? countedUnitName(row.articleUnit) : line.quantityUnitName,
        quantity: 0,
        lineCount: 0,
        isSuppliedPart: line.isSuppliedPart,
        price: null,
      },
    });
  }
  const content = [...groups.values()].map(({ line, rows: members }) => {
    const quantity = roundTo(
      members.reduce((sum, row) => sum + (row.line.articleQuantity ?? row.line.quantity ?? 0), 0),
      4,
    );
    const prices = members.map(linePrice);
    const price = prices.every((value) => value === null)
      ? null
      : roundTo(
          prices.reduce<number>((sum, value) => sum + (value ?? 0), 0),
          2,
        );
    return { ...line, quantity, lineCount: members.length, price };
  });
  const totalPrice = roundTo(
    content.reduce((sum, line) => sum + (line.price ?? 0), 0),
    2,
  );
  return { content, totalPrice };
}
