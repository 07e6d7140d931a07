import { type ImportedRow, type ImportPlan, mapImportRow } from '@portal/domain/rules/import-mapping';
import type { NameResolver } from './name-resolver';
import type { SheetRow } from './readers/sheet-source';
import type { StagedColumn } from './staging';
import { timeOrderedIds } from './time-ordered-id';

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
  errors: string[];
  lastLine: number;
}

export interface PreparerOptions {
  plan: ImportPlan;
  columns: StagedColumn[];
  manufacturers: NameResolver;
  units: NameResolver;
  /** The configuration's manufacturer, used where the file names none. */
  defaultManufacturerId: string | null;
}

/**
 * Turns rows of the file into staged rows (COPY text) and refused rows (with German reasons). Each article
 * may appear once per file: a later row with an order number (or manufacturer number) already seen for the
 * same manufacturer is refused and names the row that was imported.
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

    const prepared: PreparedRows = { rows: [], errors: [], lastLine: sheetRows.at(-1)?.line ?? 0 };
    for (const { line, result } of mapped) {
      if (result.kind === 'error') {
        prepared.errors.push(this.errorLine(line, result.orderNumber, result.reason));
        continue;
      }
      if (result.kind !== 'row') continue;
      const outcome = this.stage(line, result.row);
      if (typeof outcome === 'string') {
        prepared.errors.push(
          this.errorLine(line, (result.row.orderNumber as string | null) ?? null, outcome),
        );
      } else {
        prepared.rows.push(outcome.line);
      }
    }
    return prepared;
  }

  private errorLine(line: number, orderNumber: string | null, reason: string): string {
    return `${line}\t${copyValue(orderNumber)}\t${copyValue(reason)}\n`;
  }

  /** The staged COPY line of a mapped row, or the German reason it is refused. */
  private stage(line: number, row: ImportedRow): { line: string } | string {
    let manufacturerId = this.options.defaultManufacturerId;
    if (this.hasManufacturerColumn && typeof row.manufacturer === 'string') {
      manufacturerId = this.options.manufacturers.get(row.manufacturer);
      if (!manufacturerId)
        return `Der Hersteller „${row.manufacturer}“ ist nicht bekannt (auch nicht als Namensvariante).`;
    }
    if (!manufacturerId)
      return 'Kein Hersteller angegeben (weder in der Datei noch in der Importkonfiguration).';
    let unitId: string | null = null;
    if (this.hasUnitColumn && typeof row.unit === 'string') {
      unitId = this.options.units.get(row.unit);
      if (!unitId) return `Die Einheit „${row.unit}“ ist nicht bekannt (auch nicht als Namensvariante).`;
    }
    const duplicate = this.remember(manufacturerId, line, row);
    if (duplicate) return duplicate;
    let text = `${line}\t${manufacturerId}\t${unitId ?? '\\N'}\t${this.nextId()}`;
    for (const column of this.options.columns) text += `\t${copyValue(row[column.field])}`;
    return { line: `${text}\n` };
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
      if (first !== undefined)
        return `Die ${label} „${value}“ steht bereits in Zeile ${first}; diese Zeile wurde übersprungen.`;
    }
    for (const [key] of keys) this.seen.set(key, line);
    return null;
  }
}
