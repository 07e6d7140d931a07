import { germanDate } from './berlin-date';
import {
  type CsvColumn,
  type CsvResult,
  type CsvSeparator,
  formatCsv,
  formatDecimal,
  parseDecimal,
  readCsvTable,
  requiredText,
} from './csv';

/**
 * E-Class CSV (SPEC §2/§7): written with semicolons and German decimals so that a German spreadsheet
 * program opens it directly; the import also takes commas. ECLASS numbers may be written with hyphens
 * ('27-37-10-01') and are stored as the 8 digits.
 */
export const ECLASS_CSV_HEADERS = [
  'E-Class-Nummer',
  'Beschreibung',
  'Arbeitszeit in Minuten pro Stück',
  'Sortierung 1. Ebene',
  'Sortierung 2. Ebene',
] as const;

export type EclassCsvRow = {
  eclassNumber: string;
  description: string;
  workTime: number;
  firstLevelOrder: number;
  secondLevelOrder: number;
};

/** The file name of an export made on `date`: `E-Class_21.11.2026.csv` (German date, Berlin time). */
export function eclassExportFileName(date: Date): string {
  return `E-Class_${germanDate(date)}.csv`;
}

const numberColumn: CsvColumn<string> = {
  header: ECLASS_CSV_HEADERS[0],
  parse(cell) {
    const value = cell.trim();
    if (!/^\d{2}-?\d{2}-?\d{2}-?\d{2}$/.test(value)) {
      return { ok: false, message: 'Die E-Class-Nummer muss aus genau 8 Ziffern bestehen.' };
    }
    return { ok: true, value: value.replaceAll('-', '') };
  },
};

const workTimeColumn: CsvColumn<number> = {
  header: ECLASS_CSV_HEADERS[2],
  parse(cell) {
    const value = parseDecimal(cell, { min: 0, max: 100000, decimals: 2 });
    return value === null
      ? { ok: false, message: 'Bitte geben Sie eine Zahl ab 0 mit höchstens zwei Nachkommastellen ein.' }
      : { ok: true, value };
  },
};

function orderColumn(header: string): CsvColumn<number> {
  return {
    header,
    parse(cell) {
      const value = parseDecimal(cell, { min: 0, max: 1_000_000, decimals: 0 });
      return value === null
        ? { ok: false, message: 'Bitte geben Sie eine ganze Zahl ab 0 ein.' }
        : { ok: true, value };
    },
  };
}

const COLUMNS = [
  numberColumn,
  requiredText(ECLASS_CSV_HEADERS[1], 500),
  workTimeColumn,
  orderColumn(ECLASS_CSV_HEADERS[3]),
  orderColumn(ECLASS_CSV_HEADERS[4]),
] as const;

export function formatEclassCsv(rows: readonly EclassCsvRow[]): string {
  return formatCsv(
    [
      [...ECLASS_CSV_HEADERS],
      ...rows.map((row) => [
        row.eclassNumber,
        row.description,
        formatDecimal(row.workTime, 2),
        String(row.firstLevelOrder),
        String(row.secondLevelOrder),
      ]),
    ],
    ';',
  );
}

/** The separator of an E-Class file: the one that splits its first line into the expected header. */
function detectSeparator(text: string): CsvSeparator {
  const firstLine = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  return firstLine.includes(';') || !firstLine.includes(',') ? ';' : ',';
}

/** Reads an E-Class file; an ECLASS number twice in the file is reported at its second row. */
export function parseEclassCsv(text: string): CsvResult<{ row: number; entry: EclassCsvRow }[]> {
  const table = readCsvTable(text, detectSeparator(text), COLUMNS);
  if (!table.ok) return table;
  const seen = new Set<string>();
  const entries: { row: number; entry: EclassCsvRow }[] = [];
  for (const { row, values } of table.value) {
    const [eclassNumber, description, workTime, firstLevelOrder, secondLevelOrder] = values;
    if (seen.has(eclassNumber)) {
      return {
        ok: false,
        error: {
          row,
          column: ECLASS_CSV_HEADERS[0],
          message: `Die Nummer ${eclassNumber} steht mehrfach in der Datei.`,
        },
      };
    }
    seen.add(eclassNumber);
    entries.push({ row, entry: { eclassNumber, description, workTime, firstLevelOrder, secondLevelOrder } });
  }
  return { ok: true, value: entries };
}
