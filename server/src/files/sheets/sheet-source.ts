import type { Cell } from '@portal/domain/rules/import-mapping';

export type { Cell };

/** One row of a spreadsheet: `line` is the row number a spreadsheet program shows (1 = first row). */
export interface SheetRow {
  line: number;
  cells: Cell[];
}

/**
 * A catalog file read row by row, in chunks, without holding the file in memory (except .xls, whose
 * format allows at most 65,536 rows). `progress()` is the share of the file consumed so far.
 */
export interface SheetSource {
  chunks(): AsyncGenerator<SheetRow[]>;
  progress(): number;
  /** Data rows of the file when the format tells up front (xlsx dimension), else null. */
  estimatedRows(): number | null;
}

/** The file is not a readable table of its kind (SPEC §8: 417 wrong format). */
export class WrongFormatError extends Error {}

/**
 * The file would unpack beyond the limits of `unpack-limits.ts` (ASVS 5.2.3). A kind of wrong format, so
 * every place that ends an import on a wrong format ends it here too; the API answers it with its own code.
 */
export class SpreadsheetTooLargeError extends WrongFormatError {}
