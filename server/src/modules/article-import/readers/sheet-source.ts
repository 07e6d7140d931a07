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
