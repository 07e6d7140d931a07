import type { ImportField } from '@portal/domain/rules/import-mapping';
import {
  type ImportedRow,
  type ImportPlan,
  MISSING_NUMBERS_REASON,
  mapImportRow,
} from '@portal/domain/rules/import-mapping';
import type { ImportRefusalKind } from '@portal/domain/schemas/article-import';
import type { SheetRow } from '../../files/sheets/sheet-source';
import type { NameResolver } from './name-resolver';
import { timeOrderedIds } from './time-ordered-id';

/** The mapped fields a staged row carries as columns: manufacturer and unit travel as resolved ids. */
export function stagedFields(
  fields: readonly ImportField[],
): Exclude<ImportField, 'manufacturer' | 'unit'>[] {
  return fields.filter(
    (field): field is Exclude<ImportField, 'manufacturer' | 'unit'> =>
      field !== 'manufacturer' && field !== 'unit',
  );
}

/** One value in PostgreSQL's COPY text format. */
export function copyValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (char) =>
        char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
      )
    : value;
}

export interface PreparedRows {
  rows: string[];
  /** A catalog's classes and references by line (COPY text: line, classes, refs), see stage-catalog.ts. */
  extras?: string[];
  /** Refused rows that keep their values: they name a manufacturer or unit the master data does not know. */
  held: string[];
  errors: string[];
  lastLine: number;
}

/** German reasons of rows naming an unknown manufacturer or unit (the preview lets the operator resolve them). */
export const unknownManufacturerReason = (name: string) =>
  `Der Hersteller „${name}“ ist nicht bekannt (auch nicht als Namensvariante).`;
export const unknownUnitReason = (name: string) =>
  `Die Einheit „${name}“ ist nicht bekannt (auch nicht als Namensvariante).`;

/** A row whose number an earlier row of the file (`first`) has for the same manufacturer. */
export const duplicateReason = (label: string, value: string, first: number | string) =>
  `Die ${label} „${value}“ steht bereits in Zeile ${first}; diese Zeile wurde übersprungen.`;

/** The COPY line of a refused row. */
export function refusedLine(
  line: number,
  orderNumber: string | null,
  reason: string,
  kind: ImportRefusalKind,
): string {
  return `${line}\t${copyValue(orderNumber)}\t${copyValue(reason)}\t${kind}\n`;
}

type Staged = { row: string } | { held: string } | { reason: string; kind: ImportRefusalKind };

export interface PreparerOptions {
  plan: ImportPlan;
  /** The staged fields (stagedFields), in the order of the staging table's columns. */
  fields: readonly ImportField[];
  manufacturers: NameResolver;
  units: NameResolver;
  /** The configuration's manufacturer, used where the file names none. */
  defaultManufacturerId: string | null;
}

/**
 * Turns rows of the file into staged rows (COPY text) and refused rows (with German reasons and their kind).
 * Each article may appear once per file: a later row with an order number (or manufacturer number) already
 * seen for the same manufacturer is refused and names the row that was imported. A row naming an unknown
 * manufacturer or unit is refused but kept whole ("held"), to be taken over when the name is resolved.
 */
export class RowPreparer {
  private readonly seen = new Map<string, number>();
  private readonly manufacturerIndex = new Map<string, string>();
  private readonly hasManufacturerColumn: boolean;
  private readonly hasUnitColumn: boolean;
  private readonly nextId = timeOrderedIds();

  constructor(private readonly options: PreparerOptions) {
    this.hasManufacturerColumn = options.plan.columns.some((column) => column.field === 'manufacturer');
    this.hasUnitColumn = options.plan.columns.some((column) => column.field === 'unit');
  }

  async prepare(sheetRows: readonly SheetRow[]): Promise<PreparedRows> {
    const { plan } = this.options;
    const mapped: { line: number; result: ReturnType<typeof mapImportRow> }[] = [];
    const manufacturerNames = new Set<string>();
    const unitNames = new Set<string>();
    for (const sheetRow of sheetRows) {
      const result = mapImportRow(sheetRow.cells, plan);
      if (result.kind === 'empty') continue;
      mapped.push({ line: sheetRow.line, result });
      if (result.kind === 'row') {
        if (typeof result.row.manufacturer === 'string') manufacturerNames.add(result.row.manufacturer);
        if (typeof result.row.unit === 'string') unitNames.add(result.row.unit);
      }
    }
    if (manufacturerNames.size > 0) await this.options.manufacturers.prepare(manufacturerNames);
    if (unitNames.size > 0) await this.options.units.prepare(unitNames);

    const prepared: PreparedRows = { rows: [], held: [], errors: [], lastLine: sheetRows.at(-1)?.line ?? 0 };
    for (const { line, result } of mapped) {
      if (result.kind === 'error') {
        const kind = result.reason === MISSING_NUMBERS_REASON ? 'MISSING_NUMBERS' : 'INVALID_VALUES';
        prepared.errors.push(this.errorLine(line, result.orderNumber, result.reason, kind));
        continue;
      }
      if (result.kind !== 'row') continue;
      const outcome = this.stage(line, result.row);
      if ('row' in outcome) prepared.rows.push(outcome.row);
      else if ('held' in outcome) prepared.held.push(outcome.held);
      else {
        const orderNumber = (result.row.orderNumber as string | null) ?? null;
        prepared.errors.push(this.errorLine(line, orderNumber, outcome.reason, outcome.kind));
      }
    }
    return prepared;
  }

  private errorLine(
    line: number,
    orderNumber: string | null,
    reason: string,
    kind: ImportRefusalKind,
  ): string {
    return refusedLine(line, orderNumber, reason, kind);
  }

  /** The staged COPY line of a mapped row, a held row (unknown name), or why it is refused. */
  private stage(line: number, row: ImportedRow): Staged {
    let manufacturerId = this.options.defaultManufacturerId;
    let unknownManufacturer: string | null = null;
    if (this.hasManufacturerColumn && typeof row.manufacturer === 'string') {
      manufacturerId = this.options.manufacturers.get(row.manufacturer);
      if (!manufacturerId) unknownManufacturer = row.manufacturer;
    }
    if (!manufacturerId && unknownManufacturer === null) {
      return {
        reason: 'Kein Hersteller angegeben (weder in der Datei noch in der Importkonfiguration).',
        kind: 'NO_MANUFACTURER',
      };
    }
    let unitId: string | null = null;
    let unknownUnit: string | null = null;
    if (this.hasUnitColumn && typeof row.unit === 'string') {
      unitId = this.options.units.get(row.unit);
      if (!unitId) unknownUnit = row.unit;
    }
    let text = `${line}\t${manufacturerId ?? '\\N'}\t${unitId ?? '\\N'}\t${this.nextId()}`;
    for (const field of this.options.fields) text += `\t${copyValue(row[field])}`;
    if (unknownManufacturer !== null || unknownUnit !== null) {
      // Checked against the file's other rows once the name is resolved (preview-names.ts).
      const [reason, kind] =
        unknownManufacturer !== null
          ? [unknownManufacturerReason(unknownManufacturer), 'UNKNOWN_MANUFACTURER']
          : [unknownUnitReason(unknownUnit as string), 'UNKNOWN_UNIT'];
      const name = (value: string | null, resolver: NameResolver) =>
        value === null ? '\\N\t\\N' : `${copyValue(value)}\t${copyValue(resolver.keyOf(value))}`;
      return {
        held: `${text}\t${copyValue(reason)}\t${kind}\t${name(unknownManufacturer, this.options.manufacturers)}\t${name(unknownUnit, this.options.units)}\n`,
      };
    }
    const duplicate = this.remember(manufacturerId as string, line, row);
    if (duplicate) return { reason: duplicate, kind: 'DUPLICATE_IN_FILE' };
    return { row: `${text}\n` };
  }

  /** Records the row's numbers; a number seen before for the manufacturer refuses the row. */
  private remember(manufacturerId: string, line: number, row: ImportedRow): string | null {
    let prefix = this.manufacturerIndex.get(manufacturerId);
    if (prefix === undefined) {
      prefix = String.fromCharCode(this.manufacturerIndex.size + 1);
      this.manufacturerIndex.set(manufacturerId, prefix);
    }
    // toLowerCase copies the text (the number is already clean, so this is its articleNumberKey): a cell
    // is a slice of a whole chunk of the file, and a key kept for the whole import must not keep it alive.
    const keys: [string, string, string][] = [];
    if (typeof row.orderNumber === 'string') {
      keys.push([`${prefix}o${row.orderNumber}`.toLowerCase(), 'Bestellnummer', row.orderNumber]);
    }
    if (typeof row.manufacturerNumber === 'string') {
      keys.push([
        `${prefix}m${row.manufacturerNumber}`.toLowerCase(),
        'Herstellernummer',
        row.manufacturerNumber,
      ]);
    }
    for (const [key, label, value] of keys) {
      const first = this.seen.get(key);
      if (first !== undefined) return duplicateReason(label, value, first);
    }
    for (const [key] of keys) this.seen.set(key, line);
    return null;
  }
}
