/**
 * SPEC §3 BOM line matching info: the normalised key of an order or manufacturer number. Catalogs and BOMs
 * spell the same number differently (`3RT2015-1BB41`, `3RT2015 1BB41`, `3rt20151bb41`; `1060.500` and
 * `1060500`); after the exact steps a line is matched on this key.
 *
 * The key folds the case of A–Z and Ä, Ö, Ü and drops the separators (space, tab, no-break space, `-`, `.`,
 * `/`, `_`). Nothing else changes, so that the database computes the very same key without depending on its
 * locale: the generated columns of articles and article_alternative_numbers (migration 0019) are
 * `translate(number, NUMBER_KEY_FROM, NUMBER_KEY_TO)`, where every character of NUMBER_KEY_FROM past the
 * length of NUMBER_KEY_TO is removed. A test compares both on many strings against the database.
 */

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ';
const LOWER = 'abcdefghijklmnopqrstuvwxyzäöü';
/** The separators a number may be written with. */
export const NUMBER_SEPARATORS = ' \t\u00a0-./_';

/** translate()'s `from` and `to` of the SQL twin (see the module comment). */
export const NUMBER_KEY_FROM = UPPER + NUMBER_SEPARATORS;
export const NUMBER_KEY_TO = LOWER;

const FOLD = new Map([...UPPER].map((char, index) => [char, LOWER[index] as string]));
const SEPARATOR = new Set(NUMBER_SEPARATORS);

/** The normalised key of a number ('' when it has nothing but separators). */
export function numberKey(value: string): string {
  let key = '';
  for (const char of value) {
    if (SEPARATOR.has(char)) continue;
    key += FOLD.get(char) ?? char;
  }
  return key;
}
