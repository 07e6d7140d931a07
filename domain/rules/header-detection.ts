import type { LengthUnit, WeightUnit } from '../enums';
import type { BomFieldMappingEntry } from '../schemas/bom';
import {
  ARTICLE_HEADER_SYNONYMS,
  BOM_HEADER_SYNONYMS,
  BOM_OTHER_KNOWN_HEADERS,
  BOM_STRUCTURE_SYMBOLS,
  OTHER_KNOWN_HEADERS,
  type SynonymTable,
} from './header-synonyms';
import { type Cell, cellText, type FieldMapping, type ImportField, type ImportUnits } from './import-mapping';
import { DEFAULT_LENGTH_UNIT, DEFAULT_WEIGHT_UNIT } from './unit-conversion';

/**
 * A supplier's file often starts with a title, a date or an empty row, and its column names are
 * the same few dozen in every price list. This module proposes the header row (the row among the first
 * `HEADER_SEARCH_ROWS` whose cells best match known column names) and a mapping of its columns to fields,
 * including the units written in a header ("Breite (mm)", "Gewicht (g)"). Pure and table-driven, so the
 * article import configuration and the BOM mapping share it with their own synonym tables.
 */

/** How many leading rows are searched for the header row. */
export const HEADER_SEARCH_ROWS = 30;

export type HeaderUnit = { kind: 'length'; unit: LengthUnit } | { kind: 'weight'; unit: WeightUnit };

const UNIT_WORDS: Record<string, HeaderUnit> = {
  mm: { kind: 'length', unit: 'MM' },
  millimeter: { kind: 'length', unit: 'MM' },
  cm: { kind: 'length', unit: 'CM' },
  zentimeter: { kind: 'length', unit: 'CM' },
  centimeter: { kind: 'length', unit: 'CM' },
  dm: { kind: 'length', unit: 'DM' },
  dezimeter: { kind: 'length', unit: 'DM' },
  m: { kind: 'length', unit: 'M' },
  meter: { kind: 'length', unit: 'M' },
  mg: { kind: 'weight', unit: 'MG' },
  milligramm: { kind: 'weight', unit: 'MG' },
  g: { kind: 'weight', unit: 'G' },
  gr: { kind: 'weight', unit: 'G' },
  gramm: { kind: 'weight', unit: 'G' },
  gram: { kind: 'weight', unit: 'G' },
  kg: { kind: 'weight', unit: 'KG' },
  kilogramm: { kind: 'weight', unit: 'KG' },
  kilogram: { kind: 'weight', unit: 'KG' },
};

const CURRENCY_WORDS = /(?:^|\s)(?:in\s+)?(?:eur|euro|€|chf|usd)\.?$/;
/** A unit at the end of a header: "Breite mm", "Gewicht in kg", "Gewicht/g", "Höhe, cm". */
const TRAILING_UNIT = /(?:\s+in\s+|\s*[/,]\s*|\s+)([a-zäöü]+)\.?$/;
const BRACKETS = /[([{]([^)\]}]*)[)\]}]/g;

function foldLetters(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const NUMBER_WORDS = new Set(['nr', 'nummer', 'number', 'no', 'num', 'nbr', 'nro']);

/**
 * The comparable form of a column name: lower case, umlauts spelt out (ä = ae), "Nummer"/"Number"/"No."
 * written "nr", everything but letters and digits dropped. "Bestell-Nr." and "Bestellnummer" are equal,
 * as are "Hersteller-Artikelnummer" and "Herstellerartikelnr.".
 */
export function normalizeHeader(text: string): string {
  return foldLetters(text)
    .split(/[^a-z0-9]+/)
    .map((word) => (NUMBER_WORDS.has(word) ? 'nr' : word.replace(/(?:nummer|number)$/, 'nr')))
    .join('');
}

/**
 * A column name split into its comparable name and the unit written in it: in brackets ("Breite (mm)",
 * "Gewicht [g]") or at the end ("Gewicht in kg", "Höhe/cm"). A currency ("Listenpreis (EUR)") and any other
 * bracketed note ("Lieferzeit (Tage)") are dropped from the name.
 */
export function readHeader(text: string): { name: string; unit: HeaderUnit | null } {
  let rest = text.trim().toLowerCase();
  let unit: HeaderUnit | null = null;
  for (const match of rest.matchAll(BRACKETS)) {
    const word = (match[1] ?? '').trim().replace(/\.$/, '');
    unit ??= UNIT_WORDS[word] ?? null;
  }
  rest = rest.replace(BRACKETS, ' ').trim();
  rest = rest.replace(CURRENCY_WORDS, '').trim();
  const trailing = TRAILING_UNIT.exec(rest);
  const trailingUnit = trailing ? UNIT_WORDS[trailing[1] ?? ''] : undefined;
  if (trailing && trailingUnit && trailing.index > 0) {
    unit ??= trailingUnit;
    rest = rest.slice(0, trailing.index);
  }
  return { name: normalizeHeader(rest), unit };
}

export interface HeaderMatcher<F extends string> {
  /** The field a column name stands for and its confidence (0 best), or null. */
  match(header: string): { field: F; rank: number; unit: HeaderUnit | null } | null;
  /** Whether a column name is a known one (a field's or one no field takes). */
  isKnown(header: string): boolean;
}

const SYMBOL_ONLY = /^([=+-]{1,2})$/;
const SYMBOL_IN_BRACKETS = /[([{]\s*([=+-]{1,2})\s*[)\]}]/;
const SYMBOL_FIRST = /^([=+-]{1,2})\s+\S/;
/** EPLAN writes the symbol on a line of its own below the name ("Modul\n=="), stored as "Modul ==". */
const SYMBOL_LAST = /\S\s+([=+-]{1,2})$/;

/**
 * The structure-identifier symbol a column name carries ("==", "Anlage (=)", "BMK [-]", "+ Einbauort",
 * EPLAN's "Funktion\n=" and "Aufstellort ++"), or null. A cell like "-K1" or "+S1" (a value, not a name) carries none.
 */
export function headerSymbol(header: string): string | null {
  const text = header.trim();
  const match =
    SYMBOL_ONLY.exec(text) ??
    SYMBOL_IN_BRACKETS.exec(text) ??
    SYMBOL_FIRST.exec(text) ??
    SYMBOL_LAST.exec(text);
  return match?.[1] ?? null;
}

/**
 * A matcher over a synonym table; `others` are column names that mark a header row without a field;
 * `symbols` are markers that decide the field whatever the words (the BOM's structure identifiers), ranked
 * above every name.
 */
export function createHeaderMatcher<F extends string>(
  table: SynonymTable<F>,
  others: readonly string[] = [],
  symbols: Readonly<Record<string, F>> = {},
): HeaderMatcher<F> {
  const byName = new Map<string, { field: F; rank: number }>();
  for (const field of Object.keys(table) as F[]) {
    table[field].forEach((synonym, rank) => {
      const name = readHeader(synonym).name;
      if (name !== '' && !byName.has(name)) byName.set(name, { field, rank });
    });
  }
  const otherNames = new Set(others.map((name) => readHeader(name).name));
  const bySymbol = (header: string): F | null => {
    const symbol = headerSymbol(header);
    return symbol !== null && Object.hasOwn(symbols, symbol) ? (symbols[symbol] ?? null) : null;
  };
  return {
    match(header) {
      const symbolField = bySymbol(header);
      if (symbolField !== null) return { field: symbolField, rank: -1, unit: null };
      const { name, unit } = readHeader(header);
      const found = byName.get(name);
      return found ? { ...found, unit } : null;
    },
    isKnown(header) {
      if (bySymbol(header) !== null) return true;
      const { name } = readHeader(header);
      return byName.has(name) || otherNames.has(name);
    },
  };
}

export interface LeadingRow {
  /** Row number as a spreadsheet program shows it (1 = first row). */
  line: number;
  cells: readonly Cell[];
}

/**
 * The header row among the first `HEADER_SEARCH_ROWS` rows: the one with the most known column names
 * (the earlier one on a tie). Without any known name, the first row as wide as the widest row (a title
 * row above a table is narrower than the table). 1 for an empty file.
 */
export function detectHeaderRow<F extends string>(
  rows: readonly LeadingRow[],
  matcher: HeaderMatcher<F>,
): number {
  const leading = rows.filter((row) => row.line <= HEADER_SEARCH_ROWS);
  let best: { line: number; score: number } | null = null;
  let widest: { line: number; width: number } | null = null;
  for (const row of leading) {
    let score = 0;
    let width = 0;
    for (const cell of row.cells) {
      if (typeof cell !== 'string') {
        if (cellText(cell) !== '') width += 1;
        continue;
      }
      if (cell.trim() === '') continue;
      width += 1;
      if (matcher.isKnown(cell)) score += 1;
    }
    if (score > 0 && (!best || score > best.score)) best = { line: row.line, score };
    if (width > 0 && (!widest || width > widest.width)) widest = { line: row.line, width };
  }
  return best?.line ?? widest?.line ?? 1;
}

export interface ProposedColumn<F extends string> {
  importHeader: string;
  field: F;
  unit: HeaderUnit | null;
}

/**
 * Each field gets at most one column and each column at most one field: the column matching the field's
 * most confident name (the leftmost on a tie). Columns are returned in the file's order.
 */
export function proposeColumns<F extends string>(
  headers: readonly string[],
  matcher: HeaderMatcher<F>,
): ProposedColumn<F>[] {
  const chosen = new Map<F, { index: number; rank: number; unit: HeaderUnit | null }>();
  headers.forEach((header, index) => {
    const found = matcher.match(header);
    if (!found) return;
    const current = chosen.get(found.field);
    if (!current || found.rank < current.rank) {
      chosen.set(found.field, { index, rank: found.rank, unit: found.unit });
    }
  });
  return [...chosen.entries()]
    .sort((a, b) => a[1].index - b[1].index)
    .map(([field, { index, unit }]) => ({ importHeader: headers[index] ?? '', field, unit }));
}

const articleMatcher = createHeaderMatcher(ARTICLE_HEADER_SYNONYMS, OTHER_KNOWN_HEADERS);

const UNIT_OF_FIELD: Partial<Record<ImportField, keyof ImportUnits>> = {
  width: 'unitWidth',
  height: 'unitHeight',
  depth: 'unitDepth',
  weight: 'unitWeight',
};

export interface ArticleImportProposal {
  fieldMapping: FieldMapping[];
  units: ImportUnits;
}

/** The header row of a supplier's catalog file (SPEC §3 Import config, headerRowIndex). */
export function detectArticleHeaderRow(rows: readonly LeadingRow[]): number {
  return detectHeaderRow(rows, articleMatcher);
}

/**
 * The mapping of a catalog file's columns to article fields and its units: a unit written in the width,
 * height, depth or weight header sets that unit; the others keep the defaults (cm, kg).
 */
export function proposeArticleMapping(headers: readonly string[]): ArticleImportProposal {
  const units: ImportUnits = {
    unitWidth: DEFAULT_LENGTH_UNIT,
    unitHeight: DEFAULT_LENGTH_UNIT,
    unitDepth: DEFAULT_LENGTH_UNIT,
    unitWeight: DEFAULT_WEIGHT_UNIT,
  };
  const fieldMapping: FieldMapping[] = [];
  for (const column of proposeColumns(headers, articleMatcher)) {
    fieldMapping.push({ importHeader: column.importHeader, articleField: column.field });
    const unitKey = UNIT_OF_FIELD[column.field];
    if (!unitKey || !column.unit) continue;
    if (unitKey === 'unitWeight') {
      if (column.unit.kind === 'weight') units.unitWeight = column.unit.unit;
    } else if (column.unit.kind === 'length') units[unitKey] = column.unit.unit;
  }
  return { fieldMapping, units };
}

const bomMatcher = createHeaderMatcher(BOM_HEADER_SYNONYMS, BOM_OTHER_KNOWN_HEADERS, BOM_STRUCTURE_SYMBOLS);

/** The proposed header row of a BOM (SPEC §3 Enquiry bomHeaderRowIndex), e.g. 3 below a title. */
export function detectBomHeaderRow(rows: readonly LeadingRow[]): number {
  return detectHeaderRow(rows, bomMatcher);
}

/**
 * SPEC §5 BOM mapping: the proposed mapping of a BOM's columns to BOM fields (the customer confirms it). A symbol in
 * a header decides its field ("Anlage (==)" is the `==` column); otherwise the BOM synonyms do.
 */
export function proposeBomMapping(headers: readonly string[]): BomFieldMappingEntry[] {
  return proposeColumns(headers, bomMatcher).map((column) => ({
    importHeader: column.importHeader,
    bomField: column.field,
  }));
}
