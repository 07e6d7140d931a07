import { listPricePerPiece, purchasePricePerPiece } from '@portal/domain/rules/article-price';
import { countedUnitName } from '@portal/domain/rules/unit-dimensions';
import { BOM_FIELDS } from '@portal/domain/schemas/bom';
import type { SummedBomLine } from '@portal/domain/schemas/bom-lines';
import { type LineRow, summedBom } from '../bom';
import { toOfferArticle } from './offer-articles.service';

/**
 * The columns of an offer's BOM exports (SPEC §3 "Export headers", in the SPEC's order),
 * each a German header and how its value is read. Values come from the matched catalog article where the
 * line matched, else from the line as written in the BOM file. Quantity and unit are always the line's
 * (the offer's price per piece and line total refer to them).
 */

/** How a number is written: quantities up to 4 decimals, prices with at least 2, percents as they are. */
export type NumberFormat = 'quantity' | 'price' | 'percent';

export interface ExportColumn<T> {
  header: string;
  /** Set for number columns (the value is then a number or null). */
  format?: NumberFormat;
  value(item: T): string | number | null;
}

/** The line's catalog article when it matched (a match in the wrong unit does not count, as in summedBom). */
function matched(row: LineRow) {
  return row.article && row.line.status !== 'WRONG_UNIT' ? row.article : null;
}

const orderNumber = (row: LineRow) => matched(row)?.orderNumber ?? row.line.orderNumber;
const manufacturerNumber = (row: LineRow) => matched(row)?.manufacturerNumber ?? row.line.manufacturerNumber;
const manufacturerName = (row: LineRow) =>
  (matched(row) ? row.articleManufacturer : null) ?? row.line.manufacturerName;
// The catalog's texts where the line matched, else the BOM's own "ERP-Nummer" and "Bezeichnung".
const erpNumber = (row: LineRow) => matched(row)?.erpNumber ?? row.line.erpNumber;
const description = (row: LineRow) => matched(row)?.description ?? row.line.description;
// A line without unit counts in the article's counted unit: pieces of an article sold in "100 Stück".
const unitName = (row: LineRow) =>
  row.line.quantityUnitName ?? (matched(row) ? countedUnitName(row.articleUnit) : null);

function priceInput(row: LineRow) {
  const article = matched(row);
  if (!article) return null;
  return {
    purchasePrice: article.purchasePrice,
    listPrice: article.listPrice,
    priceUnitSize: article.priceUnitSize,
    discountPercent: row.discountPercent,
  };
}

const H = {
  erpNumber: 'ERP-Nummer',
  quantity: BOM_FIELDS.quantity.label,
  unit: BOM_FIELDS.unit.label,
  orderNumber: BOM_FIELDS.orderNumber.label,
  manufacturerNumber: BOM_FIELDS.manufacturerNumber.label,
  manufacturer: BOM_FIELDS.manufacturer.label,
  pricePerPiece: 'Angebotspreis pro Stück (EUR)',
  suppliedPart: BOM_FIELDS.isSuppliedPart.label,
} as const;

const quantityColumn: ExportColumn<LineRow> = {
  header: H.quantity,
  format: 'quantity',
  value: (row) => row.line.quantity,
};
const unitColumn: ExportColumn<LineRow> = { header: H.unit, value: unitName };
const orderNumberColumn: ExportColumn<LineRow> = { header: H.orderNumber, value: orderNumber };
const manufacturerNumberColumn: ExportColumn<LineRow> = {
  header: H.manufacturerNumber,
  value: manufacturerNumber,
};
const manufacturerColumn: ExportColumn<LineRow> = { header: H.manufacturer, value: manufacturerName };
const erpColumn: ExportColumn<LineRow> = { header: H.erpNumber, value: erpNumber };

/**
 * SPEC §3 supplier export, then what the supplier's own offer adds: its price per piece, the line total and
 * the note; last whether the line is a supplied part (its own file in the download, SPEC §3).
 */
export const SUPPLIER_COLUMNS: readonly ExportColumn<LineRow>[] = [
  erpColumn,
  quantityColumn,
  {
    header: 'Bestellnummer / Bezeichnung / Hersteller',
    value: (row) =>
      [orderNumber(row), description(row), manufacturerName(row)].filter((part) => part?.trim()).join(' / '),
  },
  unitColumn,
  {
    header: 'Einkaufspreis pro Stück (EUR)',
    format: 'price',
    value: (row) => {
      const input = priceInput(row);
      return input ? purchasePricePerPiece(input) : null;
    },
  },
  manufacturerNumberColumn,
  manufacturerColumn,
  {
    header: 'Rabatt der Rabattgruppe (%)',
    format: 'percent',
    value: (row) => priceInput(row)?.discountPercent ?? null,
  },
  {
    header: 'Listenpreis pro Stück (EUR)',
    format: 'price',
    value: (row) => {
      const input = priceInput(row);
      return input ? listPricePerPiece(input.listPrice, input.priceUnitSize) : null;
    },
  },
  { header: H.pricePerPiece, format: 'price', value: (row) => row.line.pricePerPiece },
  { header: 'Gesamtpreis (EUR)', format: 'price', value: (row) => toOfferArticle(row).totalPrice },
  { header: 'Notiz', value: (row) => row.line.note },
  { header: H.suppliedPart, value: (row) => (row.line.isSuppliedPart ? 'Ja' : 'Nein') },
];

/** SPEC §3 customer export. */
export const CUSTOMER_COLUMNS: readonly ExportColumn<LineRow>[] = [
  manufacturerNumberColumn,
  orderNumberColumn,
  quantityColumn,
  unitColumn,
];

/** SPEC §3 production BOM export (the identifier columns by their EPLAN symbol, see domain/schemas/bom.ts). */
export const PRODUCTION_COLUMNS: readonly ExportColumn<LineRow>[] = [
  { header: BOM_FIELDS.functionDesignation.label, value: (row) => row.line.functionDesignation },
  { header: BOM_FIELDS.functionalAssignment.label, value: (row) => row.line.functionalAssignment },
  { header: BOM_FIELDS.locationIdentifier.label, value: (row) => row.line.locationIdentifier },
  { header: BOM_FIELDS.installationLocation.label, value: (row) => row.line.installationLocation },
  { header: BOM_FIELDS.bmk.label, value: (row) => row.line.bmk },
  { header: 'Teiletyp', value: description },
  erpColumn,
  quantityColumn,
  { header: 'EAN', value: (row) => matched(row)?.eanNumber ?? null },
  { header: 'Typnummer', value: manufacturerNumber },
  manufacturerColumn,
  orderNumberColumn,
];

/** A line of the sum BOM with its ERP number and the offer's price per piece where all its lines agree. */
export interface SummedExportLine extends SummedBomLine {
  erpNumber: string | null;
  pricePerPiece: number | null;
}

/** SPEC §3 sum BOM: the lines summed by article (summedBom). */
export const SUMMED_COLUMNS: readonly ExportColumn<SummedExportLine>[] = [
  { header: H.erpNumber, value: (line) => line.erpNumber },
  { header: H.orderNumber, value: (line) => line.orderNumber },
  { header: H.manufacturerNumber, value: (line) => line.manufacturerNumber },
  { header: H.manufacturer, value: (line) => line.manufacturerName },
  { header: H.quantity, format: 'quantity', value: (line) => line.quantity },
  { header: H.unit, value: (line) => line.unitName },
  { header: 'Anzahl Zeilen', format: 'quantity', value: (line) => line.lineCount },
  { header: H.suppliedPart, value: (line) => (line.isSuppliedPart ? 'Ja' : 'Nein') },
  { header: H.pricePerPiece, format: 'price', value: (line) => line.pricePerPiece },
];

/**
 * The sum BOM of the offer's lines. A row's group is found by summing that row alone (summedBom's own key),
 * so the grouping rule lives in one place.
 */
export function summedExportLines(rows: readonly LineRow[]): SummedExportLine[] {
  const members = new Map<string, LineRow[]>();
  for (const row of rows) {
    const key = summedBom([row]).content[0]?.key ?? '';
    const group = members.get(key);
    if (group) group.push(row);
    else members.set(key, [row]);
  }
  return summedBom(rows).content.map((line) => {
    const group = members.get(line.key) ?? [];
    const prices = new Set(group.map((row) => row.line.pricePerPiece));
    const [price] = prices;
    return {
      ...line,
      erpNumber: group.map(erpNumber).find((value) => value) ?? null,
      pricePerPiece: prices.size === 1 && price !== undefined ? price : null,
    };
  });
}
