import { type Cell, parseDecimal } from './import-mapping';

/**
 * Quantities of a BOM line as Germans write them. The number is read as the catalog
 * import reads numbers (parseDecimal): "1,5" = 1.5, "1.000" = 1000 (a lone dot before exactly three digits
 * groups thousands), "1.234,5" = 1234.5, "1,000" = 1 (a comma is the decimal separator). Thousands may also
 * be grouped with a space or an apostrophe ("1 000", "1'000"), in groups of three only.
 *
 * A unit written behind the number is split off: "2 Stk" is 2 (unit "Stk"), "2,5 m" is 2.5 ("m"), "3Stk."
 * is 3. The unit must be one word starting with a letter; anything else ("ca. 5", "2 oder 3", "1/2", "5 - 6")
 * is no quantity: a guessed number would be priced as if it were known, so such a line keeps its text and
 * ends in MISSING_VALUES. The number is returned as read, also 0 or negative; the BOM rules need it > 0.
 */

export interface GermanQuantity {
  /** The number, or null when the cell is empty or no quantity. */
  quantity: number | null;
  /** The unit written behind the number ("Stk", "m"), or null. */
  unit: string | null;
}

const NONE: GermanQuantity = { quantity: null, unit: null };
/** Everything up to the first character that cannot belong to a number. */
const NUMBER_THEN_REST = /^([+-]?[\d.,'\s\u00a0]*)(.*)$/s;
const SPACE_GROUPED = /^[+-]?\d{1,3}(?:[\s\u00a0']\d{3})+(?:[.,]\d+)?$/;
const UNIT_WORD = /^\p{L}[\p{L}\p{N}.²³/]*$/u;

/** The number and the unit of a quantity cell (see the module comment). */
export function readGermanQuantity(cell: Cell): GermanQuantity {
  if (typeof cell === 'number') return Number.isFinite(cell) ? { quantity: cell, unit: null } : NONE;
  if (typeof cell !== 'string') return NONE;
  const match = NUMBER_THEN_REST.exec(cell.trim());
  const numberText = (match?.[1] ?? '').trim();
  const rest = (match?.[2] ?? '').trim();
  if (!/\d/.test(numberText)) return NONE;
  if (/[\s\u00a0']/.test(numberText) && !SPACE_GROUPED.test(numberText)) return NONE;
  if (rest !== '' && !UNIT_WORD.test(rest)) return NONE;
  const quantity = parseDecimal(numberText.replace(/[\s\u00a0']/g, ''));
  if (quantity === null || !Number.isFinite(quantity)) return NONE;
  return { quantity, unit: rest === '' ? null : rest };
}

/** The number of a quantity cell: "1,5" -> 1.5, "1.000" -> 1000, "2 Stk" -> 2; null for none. */
export function parseGermanQuantity(cell: Cell): number | null {
  return readGermanQuantity(cell).quantity;
}
