import {
  type CsvColumn,
  type CsvResult,
  cellLines,
  formatCsv,
  formatDecimal,
  parseDecimal,
  readCsvTable,
  requiredText,
} from './csv';
import { cleanName, findDuplicateName, MAX_NAME_LENGTH, nameKey } from './name-variants';

/**
 * SPEC §9 discount group CSV: comma separator, every cell quoted, UTF-8 with BOM. Name variants and
 * wholesaler discounts are lists written one entry per line inside their cell ('Sonepar Deutschland: 12,5').
 * The import (SPEC §5) accepts exactly this layout.
 */
export const DISCOUNT_GROUP_CSV_HEADERS = [
  'Hersteller',
  'Bezeichnung',
  'Namensvarianten',
  'Rabatt in %',
  'Großhändlerrabatte',
] as const;

export interface DiscountGroupCsvRow {
  manufacturer: string;
  displayName: string;
  nameVariants: string[];
  percent: number;
  wholesalerDiscounts: { wholesaler: string; percent: number }[];
}

const PERCENT = { min: 0, max: 100, decimals: 2 } as const;
const PERCENT_MESSAGE = 'Bitte geben Sie eine Zahl von 0 bis 100 mit höchstens zwei Nachkommastellen ein.';

const variantsColumn: CsvColumn<string[]> = {
  header: DISCOUNT_GROUP_CSV_HEADERS[2],
  parse(cell) {
    const names = cellLines(cell).map(cleanName);
    const tooLong = names.find((name) => name.length > MAX_NAME_LENGTH);
    if (tooLong) return { ok: false, message: `„${tooLong}“ ist länger als ${MAX_NAME_LENGTH} Zeichen.` };
    return { ok: true, value: names };
  },
};

const percentColumn: CsvColumn<number> = {
  header: DISCOUNT_GROUP_CSV_HEADERS[3],
  parse(cell) {
    const value = parseDecimal(cell, PERCENT);
    return value === null ? { ok: false, message: PERCENT_MESSAGE } : { ok: true, value };
  },
};

const wholesalerDiscountsColumn: CsvColumn<{ wholesaler: string; percent: number }[]> = {
  header: DISCOUNT_GROUP_CSV_HEADERS[4],
  parse(cell) {
    const entries: { wholesaler: string; percent: number }[] = [];
    for (const line of cellLines(cell)) {
      const colon = line.lastIndexOf(':');
      const wholesaler = colon > 0 ? line.slice(0, colon).trim() : '';
      const percent = colon > 0 ? parseDecimal(line.slice(colon + 1), PERCENT) : null;
      if (wholesaler === '' || percent === null) {
        return {
          ok: false,
          message: `„${line}“ hat nicht die Form „Großhändler: Rabatt“ (Rabatt von 0 bis 100).`,
        };
      }
      if (entries.some((entry) => nameKey(entry.wholesaler) === nameKey(wholesaler))) {
        return { ok: false, message: `Der Großhändler „${wholesaler}“ steht mehrfach in der Zelle.` };
      }
      entries.push({ wholesaler, percent });
    }
    return { ok: true, value: entries };
  },
};

const COLUMNS = [
  requiredText(DISCOUNT_GROUP_CSV_HEADERS[0]),
  requiredText(DISCOUNT_GROUP_CSV_HEADERS[1], MAX_NAME_LENGTH),
  variantsColumn,
  percentColumn,
  wholesalerDiscountsColumn,
] as const;

export function formatDiscountGroupCsv(rows: readonly DiscountGroupCsvRow[]): string {
  return formatCsv(
    [
      [...DISCOUNT_GROUP_CSV_HEADERS],
      ...rows.map((row) => [
        row.manufacturer,
        row.displayName,
        row.nameVariants.join('\n'),
        formatDecimal(row.percent, 2),
        row.wholesalerDiscounts
          .map((entry) => `${entry.wholesaler}: ${formatDecimal(entry.percent, 2)}`)
          .join('\n'),
      ]),
    ],
    ',',
  );
}

/**
 * Reads a discount group file; besides the layout it checks what one row can tell on its own (a name
 * twice on the same group). Manufacturers and wholesalers are resolved by the server.
 */
export function parseDiscountGroupCsv(
  text: string,
): CsvResult<{ row: number; group: DiscountGroupCsvRow }[]> {
  const table = readCsvTable(text, ',', COLUMNS);
  if (!table.ok) return table;
  const groups: { row: number; group: DiscountGroupCsvRow }[] = [];
  for (const { row, values } of table.value) {
    const [manufacturer, displayName, nameVariants, percent, wholesalerDiscounts] = values;
    const duplicate = findDuplicateName({ displayName, nameVariants });
    if (duplicate !== null) {
      return {
        ok: false,
        error: {
          row,
          column: DISCOUNT_GROUP_CSV_HEADERS[2],
          message: `„${duplicate}“ steht mehrfach bei dieser Rabattgruppe.`,
        },
      };
    }
    groups.push({ row, group: { manufacturer, displayName, nameVariants, percent, wholesalerDiscounts } });
  }
  return { ok: true, value: groups };
}
