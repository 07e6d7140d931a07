import { formatCsv, formatDecimal } from '@portal/domain/rules/csv';
import { OFFER_EXPORT_KIND_LABELS, type OfferExportKind } from '@portal/domain/schemas/offer';
import { AppError } from '../../errors';
import { type Cell, headerCells, numberCell, textCell, workbookBuffer } from '../../files/xlsx-cells';
import type { LineRow } from '../bom';
import {
  CUSTOMER_COLUMNS,
  type ExportColumn,
  type NumberFormat,
  PRODUCTION_COLUMNS,
  SUMMED_COLUMNS,
  SUPPLIER_COLUMNS,
  summedExportLines,
} from './offer-export-columns';

/**
 * An offer's BOM exports (SPEC §3 "Export headers") as Excel or CSV, and the files of its
 * download (SPEC §3: generated BOM, production BOM, sum BOM; for suppliers the supplied parts split out of
 * the BOM export). Pure: the caller reads the lines (allBomLines, file order) and checks the access. Texts
 * come from uploaded files and users: Excel cells are text cells, CSV cells are neutralised (ASVS 1.2.10).
 */

export type OfferExportFormat = 'xlsx' | 'csv';

export interface OfferExportMeta {
  offerNumber: string | null;
  referenceNumber: string | null;
  version: number;
  role: 'SUPPLIER' | 'CUSTOMER';
}

export interface OfferExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

const CONTENT_TYPES: Record<OfferExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

const SUPPLIED_PARTS_LABEL = 'Beigestellte Teile';

/** The supplier export shows purchase and list prices and discounts: never to the customer. */
export function mayExportKind(role: OfferExportMeta['role'], kind: OfferExportKind): boolean {
  return role === 'SUPPLIER' || kind !== 'supplier';
}

/** The generated BOM of the download: the supplier's own export for suppliers, the customer's for customers. */
export function generatedBomKind(role: OfferExportMeta['role']): OfferExportKind {
  return role === 'SUPPLIER' ? 'supplier' : 'customer';
}

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** A part of a file name: umlauts written out, blanks as _, nothing but letters, digits, - and _. */
export function fileNamePart(text: string | null): string {
  return (text ?? '')
    .replace(/[äöüÄÖÜß]/g, (char) => UMLAUTS[char] ?? '')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .replace(/_{2,}/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '')
    .slice(0, 60);
}

/** "Angebot_A-2026-17_V2_Fertigungsstueckliste.xlsx" (the reference number without an offer number). */
export function offerExportFileName(meta: OfferExportMeta, label: string, format: OfferExportFormat): string {
  const number = fileNamePart(meta.offerNumber) || fileNamePart(meta.referenceNumber);
  const version = `V${Math.trunc(meta.version)}`;
  return `${['Angebot', number, version, fileNamePart(label)].filter(Boolean).join('_')}.${format}`;
}

/** Prices keep at least two decimals ('12,50'), per-piece prices of small parts up to four ('0,0123'). */
function csvNumber(value: number, format: NumberFormat): string {
  if (format === 'percent') return formatDecimal(value, 2);
  const text = formatDecimal(value, 4);
  if (format === 'quantity') return text;
  const [whole, decimals = ''] = text.split(',');
  return `${whole},${decimals.padEnd(2, '0')}`;
}

const EXCEL_FORMATS: Record<NumberFormat, string | undefined> = {
  quantity: undefined,
  price: '#,##0.00##',
  percent: undefined,
};

function xlsxRows<T>(columns: readonly ExportColumn<T>[], items: readonly T[]): Cell[][] {
  return [
    headerCells(columns.map((column) => column.header)),
    ...items.map((item) =>
      columns.map((column) => {
        const value = column.value(item);
        return typeof value === 'number' || column.format
          ? numberCell(
              typeof value === 'number' ? value : null,
              column.format && EXCEL_FORMATS[column.format],
            )
          : textCell(value);
      }),
    ),
  ];
}

function csvBody<T>(columns: readonly ExportColumn<T>[], items: readonly T[]): Buffer {
  const rows = items.map((item) =>
    columns.map((column) => {
      const value = column.value(item);
      if (typeof value === 'number') return csvNumber(value, column.format ?? 'quantity');
      return value ?? '';
    }),
  );
  return Buffer.from(formatCsv([columns.map((column) => column.header), ...rows], ';'), 'utf8');
}

/** One table of an export: its sheet name, columns and items. */
interface Table<T> {
  name: string;
  columns: readonly ExportColumn<T>[];
  items: readonly T[];
}

type AnyTable = Table<LineRow> | Table<ReturnType<typeof summedExportLines>[number]>;

/** The tables of a kind; `splitSupplied` puts the supplier's supplied parts into a table of their own. */
function tablesOf(rows: readonly LineRow[], kind: OfferExportKind, splitSupplied: boolean): AnyTable[] {
  const name = OFFER_EXPORT_KIND_LABELS[kind];
  switch (kind) {
    case 'supplier': {
      if (!splitSupplied) return [{ name, columns: SUPPLIER_COLUMNS, items: rows }];
      const supplied = rows.filter((row) => row.line.isSuppliedPart);
      const tables: AnyTable[] = [
        { name, columns: SUPPLIER_COLUMNS, items: rows.filter((row) => !row.line.isSuppliedPart) },
      ];
      if (supplied.length > 0)
        tables.push({ name: SUPPLIED_PARTS_LABEL, columns: SUPPLIER_COLUMNS, items: supplied });
      return tables;
    }
    case 'customer':
      return [{ name, columns: CUSTOMER_COLUMNS, items: rows }];
    case 'production':
      return [{ name, columns: PRODUCTION_COLUMNS, items: rows }];
    case 'summed':
      return [{ name, columns: SUMMED_COLUMNS, items: summedExportLines(rows) }];
  }
}

function tableRows(table: AnyTable): Cell[][] {
  return xlsxRows(table.columns as readonly ExportColumn<unknown>[], table.items);
}

function tableCsv(table: AnyTable): Buffer {
  return csvBody(table.columns as readonly ExportColumn<unknown>[], table.items);
}

/**
 * One export of the offer's lines (GET /offer/export). The supplier export in Excel has the supplied parts
 * on a sheet of their own ("Beigestellte Teile"); a CSV file holds one table, so there they stay among the
 * lines, marked in the column "Beigestellt". A customer asking for the supplier export is refused (403).
 */
export function offerExportFile(
  rows: readonly LineRow[],
  kind: OfferExportKind,
  format: OfferExportFormat,
  meta: OfferExportMeta,
): OfferExportFile {
  if (!mayExportKind(meta.role, kind)) throw new AppError('FORBIDDEN');
  const filename = offerExportFileName(meta, OFFER_EXPORT_KIND_LABELS[kind], format);
  const contentType = CONTENT_TYPES[format];
  if (format === 'csv') {
    const [table] = tablesOf(rows, kind, false);
    return { filename, contentType, body: tableCsv(table as AnyTable) };
  }
  const sheets = tablesOf(rows, kind, true).map((table) => ({ name: table.name, rows: tableRows(table) }));
  return { filename, contentType, body: workbookBuffer(sheets) };
}

/**
 * The files of the offer's download ZIP (GET /offer/download), Excel: the generated BOM (the supplier
 * export for suppliers, the customer export for customers), for suppliers their supplied parts as a file of
 * their own (only when there are any), the production BOM and the sum BOM.
 */
export function offerDownloadEntries(
  rows: readonly LineRow[],
  meta: OfferExportMeta,
): { name: string; body: Buffer }[] {
  const generated = tablesOf(rows, generatedBomKind(meta.role), true);
  const tables = [...generated, ...tablesOf(rows, 'production', false), ...tablesOf(rows, 'summed', false)];
  return tables.map((table) => ({
    name: offerExportFileName(meta, table.name, 'xlsx'),
    body: workbookBuffer([{ name: table.name, rows: tableRows(table) }]),
  }));
}
