import type { ArticleImportSource } from '../enums';
import { berlinDateTimeParts } from './berlin-date';
import { CSV_BOM, csvLine, formatDecimal } from './csv';

/**
 * SPEC §9 article export: UTF-8 with byte-order mark, every cell quoted, semicolon separator, rows ended
 * by CRLF. Numbers are written the German way (decimal comma, no thousands separator) so that a German
 * spreadsheet program reads them as numbers; lists (alternatives) are one entry per line inside the cell.
 */

export const ARTICLE_EXPORT_SEPARATOR = ';';

export const ARTICLE_EXPORT_HEADERS = [
  'Hersteller',
  'Herstellernummer',
  'Bestellnummer',
  'ERP-Nummer',
  'Beschreibung',
  'Einheit',
  'Listenpreis (EUR)',
  'Einkaufspreis (EUR)',
  'Preiseinheit',
  'Verpackungseinheit',
  'Bestellmengeneinheit',
  'Mindestbestellmenge',
  'Breite (cm)',
  'Höhe (cm)',
  'Tiefe (cm)',
  'Gewicht (kg)',
  'Rabattgruppe',
  'E-Class',
  'EAN',
  'Zuschlagskennzeichen',
  'Kupferkennzeichen',
  'Kupferbasis',
  'Kupfergewicht (kg)',
  'Zolltarifnummer',
  'Ursprungsland',
  'RoHS',
  'Lieferzeit (Tage)',
  'Herstellerlink',
  'Bild',
  'Importquelle',
  'Alternative Bestellnummern',
  'Alternative Herstellernummern',
] as const;

/** One exported article with its references resolved to names. */
export interface ArticleExportRow {
  manufacturerName: string;
  manufacturerNumber: string | null;
  orderNumber: string | null;
  erpNumber: string | null;
  description: string | null;
  unitName: string | null;
  listPrice: number | null;
  purchasePrice: number | null;
  priceUnitSize: number | null;
  packagingUnitSize: number | null;
  orderQuantityUnitSize: number | null;
  minimumOrderQuantityUnitSize: number | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  weight: number | null;
  discountGroupName: string | null;
  eclassNumber: string | null;
  eanNumber: string | null;
  surchargeCode: string | null;
  copperCode: string | null;
  copperBaseValue: number | null;
  copperWeight: number | null;
  customsTarifNumber: string | null;
  countryOfOriginAbbreviation: string | null;
  rohs: boolean | null;
  deliveryTime: number | null;
  manufacturerLink: string | null;
  image: string | null;
  articleImportSource: ArticleImportSource;
  possibleOrderNumbers: readonly string[];
  possibleManufacturerNumbers: readonly string[];
}

export const IMPORT_SOURCE_LABELS: Record<ArticleImportSource, string> = {
  MANUAL: 'Manuell',
  CSV: 'Import',
  MYSQL: 'Altdatenbestand',
};

const decimal = (value: number | null, decimals: number) =>
  value === null ? '' : formatDecimal(value, decimals);
const textCell = (value: string | null) => value ?? '';

/** The cells of one article in the order of ARTICLE_EXPORT_HEADERS. */
export function articleExportCells(row: ArticleExportRow): string[] {
  return [
    row.manufacturerName,
    textCell(row.manufacturerNumber),
    textCell(row.orderNumber),
    textCell(row.erpNumber),
    textCell(row.description),
    textCell(row.unitName),
    decimal(row.listPrice, 4),
    decimal(row.purchasePrice, 4),
    decimal(row.priceUnitSize, 2),
    decimal(row.packagingUnitSize, 2),
    decimal(row.orderQuantityUnitSize, 2),
    decimal(row.minimumOrderQuantityUnitSize, 2),
    decimal(row.width, 2),
    decimal(row.height, 2),
    decimal(row.depth, 2),
    decimal(row.weight, 4),
    textCell(row.discountGroupName),
    textCell(row.eclassNumber),
    textCell(row.eanNumber),
    textCell(row.surchargeCode),
    textCell(row.copperCode),
    decimal(row.copperBaseValue, 0),
    decimal(row.copperWeight, 4),
    textCell(row.customsTarifNumber),
    textCell(row.countryOfOriginAbbreviation),
    row.rohs === null ? '' : row.rohs ? 'ja' : 'nein',
    decimal(row.deliveryTime, 0),
    textCell(row.manufacturerLink),
    textCell(row.image),
    IMPORT_SOURCE_LABELS[row.articleImportSource],
    row.possibleOrderNumbers.join('\n'),
    row.possibleManufacturerNumbers.join('\n'),
  ];
}

/** The start of the file: byte-order mark and header line. */
export function articleExportHead(): string {
  return `${CSV_BOM}${csvLine(ARTICLE_EXPORT_HEADERS, ARTICLE_EXPORT_SEPARATOR)}`;
}

export function articleExportLine(row: ArticleExportRow): string {
  return csvLine(articleExportCells(row), ARTICLE_EXPORT_SEPARATOR);
}

/** `Artikelexport_2026-11-21_14-05-09_ab12.csv` (Berlin time; the suffix keeps same-second exports apart). */
export function articleExportFileName(date: Date, suffix: string): string {
  const parts = berlinDateTimeParts(date);
  return `Artikelexport_${parts.year}-${parts.month}-${parts.day}_${parts.hour}-${parts.minute}-${parts.second}_${suffix}.csv`;
}
