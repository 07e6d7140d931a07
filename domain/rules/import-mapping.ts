import type { LengthUnit, WeightUnit } from '../enums';
import { cleanArticleNumber, MAX_ARTICLE_NUMBER_LENGTH } from './article-alternatives';
import { LENGTH_SCALE, roundTo, toCentimetres, toKilograms, WEIGHT_SCALE } from './unit-conversion';

/**
 * SPEC §3/§5 article import: which article fields a column of a supplier's file can be mapped to, how a
 * cell becomes a field value (German number format, units converted to cm and kg) and why a row is refused.
 * Runs once per row of files with a million rows, so the plan is compiled once and rows are mapped by index.
 */

/** A spreadsheet cell as the readers deliver it: CSV gives text, XLSX also numbers and booleans. */
export type Cell = string | number | boolean | null | undefined;

type FieldKind =
  | { type: 'number' }
  | { type: 'name' }
  | { type: 'text'; max: number }
  | { type: 'link' }
  | { type: 'decimal'; scale: number }
  | { type: 'integer' }
  | { type: 'length'; unit: 'unitWidth' | 'unitHeight' | 'unitDepth' }
  | { type: 'weight' }
  | { type: 'boolean' };

/** Every field a column can be mapped to, with its German label (select options, error reasons). */
export const IMPORT_FIELDS = {
  orderNumber: { label: 'Bestellnummer', kind: { type: 'number' } },
  manufacturerNumber: { label: 'Herstellernummer', kind: { type: 'number' } },
  manufacturer: { label: 'Hersteller', kind: { type: 'name' } },
  description: { label: 'Beschreibung', kind: { type: 'text', max: 4000 } },
  unit: { label: 'Einheit', kind: { type: 'name' } },
  erpNumber: { label: 'ERP-Nummer', kind: { type: 'text', max: 100 } },
  listPrice: { label: 'Listenpreis', kind: { type: 'decimal', scale: 4 } },
  purchasePrice: { label: 'Einkaufspreis', kind: { type: 'decimal', scale: 4 } },
  width: { label: 'Breite', kind: { type: 'length', unit: 'unitWidth' } },
  height: { label: 'Höhe', kind: { type: 'length', unit: 'unitHeight' } },
  depth: { label: 'Tiefe', kind: { type: 'length', unit: 'unitDepth' } },
  weight: { label: 'Gewicht', kind: { type: 'weight' } },
  deliveryTime: { label: 'Lieferzeit (Tage)', kind: { type: 'integer' } },
  packagingUnitSize: { label: 'Verpackungseinheit', kind: { type: 'decimal', scale: 2 } },
  priceUnitSize: { label: 'Preiseinheit', kind: { type: 'decimal', scale: 2 } },
  orderQuantityUnitSize: { label: 'Bestellmengeneinheit', kind: { type: 'decimal', scale: 2 } },
  minimumOrderQuantityUnitSize: { label: 'Mindestbestellmenge', kind: { type: 'decimal', scale: 2 } },
  eanNumber: { label: 'EAN', kind: { type: 'text', max: 50 } },
  surchargeCode: { label: 'Zuschlagskennzeichen', kind: { type: 'text', max: 50 } },
  copperCode: { label: 'Kupferkennzeichen', kind: { type: 'text', max: 50 } },
  copperBaseValue: { label: 'Kupferbasis', kind: { type: 'integer' } },
  copperWeight: { label: 'Kupfergewicht', kind: { type: 'decimal', scale: 4 } },
  customsTarifNumber: { label: 'Zolltarifnummer', kind: { type: 'text', max: 50 } },
  countryOfOriginAbbreviation: { label: 'Ursprungsland', kind: { type: 'text', max: 10 } },
  rohs: { label: 'RoHS', kind: { type: 'boolean' } },
  manufacturerLink: { label: 'Herstellerlink', kind: { type: 'link' } },
  image: { label: 'Bild', kind: { type: 'text', max: 2000 } },
  wholesalerOrderNumber: { label: 'Bestellnummer beim Großhändler', kind: { type: 'number' } },
  wholesalerPurchasePrice: { label: 'Einkaufspreis beim Großhändler', kind: { type: 'decimal', scale: 4 } },
} as const satisfies Record<string, { label: string; kind: FieldKind }>;

export type ImportField = keyof typeof IMPORT_FIELDS;
export const IMPORT_FIELD_NAMES = Object.keys(IMPORT_FIELDS) as [ImportField, ...ImportField[]];

/** Fields that need the import configuration's wholesaler. */
export const WHOLESALER_FIELDS: readonly ImportField[] = ['wholesalerOrderNumber', 'wholesalerPurchasePrice'];

/** Largest accepted amount (the article form's limit). */
export const MAX_IMPORT_AMOUNT = 1e9;
export const MAX_IMPORT_INTEGER = 1_000_000;

export interface ImportUnits {
  unitWidth: LengthUnit;
  unitHeight: LengthUnit;
  unitDepth: LengthUnit;
  unitWeight: WeightUnit;
}

export interface FieldMapping {
  importHeader: string;
  articleField: ImportField;
}

/** How headers are compared: trimmed, inner whitespace collapsed, case-insensitive. */
export function headerKey(header: Cell): string {
  return cellText(header).replace(/\s+/g, ' ').toLowerCase();
}

/** A cell as trimmed text ('' for empty). */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  return String(cell);
}

const PLAIN_DECIMAL = /^-?\d+(?:,\d+)?$/;

/**
 * A number in German or international notation: '1.234,56', '1234,56', '1,234.56', '89.9', '12 €'.
 * A single separator is the decimal separator and repeated ones group thousands, except that a lone dot
 * before exactly three digits groups thousands as German files write them ('1.000' = 1000; '0.125' and
 * '1.5' stay decimals). Returns null for an empty cell and NaN for text that is not a number.
 */
export function parseDecimal(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : Number.NaN;
  if (typeof cell === 'boolean') return Number.NaN;
  let text = cellText(cell);
  if (text === '') return null;
  // The usual cell of a supplier's file ('516', '541,99'): one number, at most one decimal comma.
  if (PLAIN_DECIMAL.test(text)) return Number(text.replace(',', '.'));
  text = text.replace(/\s*(€|EUR)$/i, '').replace(/[\s\u00a0']/g, '');
  if (!/^[+-]?[\d.,]*\d[\d.,]*$/.test(text)) return Number.NaN;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let decimalSeparator: string | null = null;
  if (lastComma >= 0 && lastDot >= 0) decimalSeparator = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0) decimalSeparator = text.indexOf(',') === lastComma ? ',' : null;
  else if (lastDot >= 0) {
    // German files group thousands with a dot: '1.000' is one thousand, '0.125' and '1.5' are decimals.
    const grouped = /^[+-]?[1-9]\d{0,2}\.\d{3}$/.test(text);
    decimalSeparator = text.indexOf('.') === lastDot && !grouped ? '.' : null;
  }
  const groupSeparator =
    decimalSeparator === ',' ? '.' : decimalSeparator === '.' ? ',' : lastComma >= 0 ? ',' : '.';
  const [integerPart = '', fraction] = decimalSeparator
    ? splitOnce(text, decimalSeparator)
    : [text, undefined];
  if (integerPart.includes(groupSeparator)) {
    // Thousands groups must be complete: 1.234.567 yes, 1.23.4 no.
    if (!/^[+-]?\d{1,3}([.,]\d{3})+$/.test(integerPart)) return Number.NaN;
  }
  const digits = integerPart.split(groupSeparator).join('');
  return Number(fraction === undefined ? digits : `${digits}.${fraction}`);
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.lastIndexOf(separator);
  return [text.slice(0, at), text.slice(at + 1)];
}

const TRUE_WORDS = new Set(['ja', 'j', 'yes', 'y', 'true', 'wahr', '1', 'x']);
const FALSE_WORDS = new Set(['nein', 'n', 'no', 'false', 'falsch', '0', '-']);

/** Ja/Nein in the usual spellings; null for an empty cell, undefined for anything else. */
export function parseBooleanCell(cell: Cell): boolean | null | undefined {
  if (typeof cell === 'boolean') return cell;
  const text = cellText(cell).toLowerCase();
  if (text === '') return null;
  if (TRUE_WORDS.has(text)) return true;
  if (FALSE_WORDS.has(text)) return false;
  return undefined;
}

export interface ImportPlan {
  /** Mapped fields with the column they are read from, in a fixed order. */
  columns: { field: ImportField; index: number }[];
  units: ImportUnits;
}

export type CompileResult = { ok: true; plan: ImportPlan } | { ok: false; missingHeaders: string[] };

/**
 * Finds each mapped header in the file's header row. A header the configuration maps but the file lacks
 * makes the file unfit for this configuration (SPEC §8: the wrong format).
 */
export function compileImportPlan(
  headers: readonly Cell[],
  mapping: readonly FieldMapping[],
  units: ImportUnits,
): CompileResult {
  const positions = new Map<string, number>();
  headers.forEach((header, index) => {
    const key = headerKey(header);
    if (key !== '' && !positions.has(key)) positions.set(key, index);
  });
  const missingHeaders: string[] = [];
  const columns: ImportPlan['columns'] = [];
  for (const entry of mapping) {
    const index = positions.get(headerKey(entry.importHeader));
    if (index === undefined) missingHeaders.push(entry.importHeader);
    else columns.push({ field: entry.articleField, index });
  }
  if (missingHeaders.length > 0) return { ok: false, missingHeaders };
  const order = IMPORT_FIELD_NAMES;
  columns.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  return { ok: true, plan: { columns, units } };
}

/** The reason of a row with neither order number nor manufacturer number (the import groups it apart). */
export const MISSING_NUMBERS_REASON = 'Bestellnummer und Herstellernummer fehlen.';

export type ImportedRow = Partial<Record<ImportField, string | number | boolean | null>>;

export type RowResult =
  | { kind: 'empty' }
  | { kind: 'row'; row: ImportedRow }
  | { kind: 'error'; reason: string; orderNumber: string | null };

function quoteValue(cell: Cell): string {
  const text = cellText(cell);
  return `„${text.length > 60 ? `${text.slice(0, 57)}…` : text}“`;
}

/** One field's value, or a German problem. */
function readField(
  field: ImportField,
  cell: Cell,
  units: ImportUnits,
): { value: ImportedRow[ImportField] } | string {
  const { label, kind } = IMPORT_FIELDS[field];
  switch (kind.type) {
    case 'number': {
      const value = cleanArticleNumber(cellText(cell));
      if (value.length > MAX_ARTICLE_NUMBER_LENGTH)
        return `${label}: Höchstens ${MAX_ARTICLE_NUMBER_LENGTH} Zeichen.`;
      return { value: value === '' ? null : value };
    }
    case 'name':
      return { value: cellText(cell) || null };
    case 'text': {
      const value = cellText(cell);
      if (value.length > kind.max) return `${label}: Höchstens ${kind.max} Zeichen.`;
      return { value: value === '' ? null : value };
    }
    case 'link': {
      let value = cellText(cell);
      if (value === '') return { value: null };
      if (/^www\./i.test(value)) value = `https://${value}`;
      if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value) || value.length > 2000) {
        return `${label}: ${quoteValue(cell)} ist keine gültige URL.`;
      }
      return { value };
    }
    case 'boolean': {
      const value = parseBooleanCell(cell);
      if (value === undefined) return `${label}: ${quoteValue(cell)} ist kein Ja/Nein-Wert.`;
      return { value };
    }
    default: {
      const parsed = parseDecimal(cell);
      if (parsed === null) return { value: null };
      if (Number.isNaN(parsed)) return `${label}: ${quoteValue(cell)} ist keine Zahl.`;
      if (parsed < 0) return `${label}: Der Wert darf nicht negativ sein.`;
      let value: number;
      if (kind.type === 'integer') {
        if (!Number.isInteger(parsed)) return `${label}: ${quoteValue(cell)} ist keine ganze Zahl.`;
        if (parsed > MAX_IMPORT_INTEGER) return `${label}: Der Wert ist zu groß.`;
        return { value: parsed };
      }
      if (kind.type === 'length') value = toCentimetres(parsed, units[kind.unit]);
      else if (kind.type === 'weight') value = toKilograms(parsed, units.unitWeight);
      else value = roundTo(parsed, kind.scale);
      if (value > MAX_IMPORT_AMOUNT) return `${label}: Der Wert ist zu groß.`;
      return { value };
    }
  }
}

/**
 * Maps one data row: every mapped cell is read, converted (lengths to cm, weights to kg, LENGTH_SCALE and
 * WEIGHT_SCALE decimals) and checked. A row without any value is `empty` (skipped silently); a row with
 * problems is an `error` naming all of them; a row needs an order number or a manufacturer number.
 */
export function mapImportRow(cells: readonly Cell[], plan: ImportPlan): RowResult {
  const row: ImportedRow = {};
  let problems: string[] | null = null;
  let empty = true;
  for (const { field, index } of plan.columns) {
    const cell = cells[index];
    if (empty && cellText(cell) !== '') empty = false;
    const result = readField(field, cell, plan.units);
    if (typeof result !== 'string') row[field] = result.value;
    else if (problems) problems.push(result);
    else problems = [result];
  }
  if (empty) return { kind: 'empty' };
  const orderNumber = typeof row.orderNumber === 'string' ? row.orderNumber : null;
  if (!problems && row.orderNumber == null && row.manufacturerNumber == null) {
    problems = [MISSING_NUMBERS_REASON];
  }
  if (problems) return { kind: 'error', reason: problems.join(' '), orderNumber };
  return { kind: 'row', row };
}

export { LENGTH_SCALE, WEIGHT_SCALE };
