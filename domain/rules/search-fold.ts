/**
 * SPEC §5 search, as Germans type. Someone without umlauts on the keyboard writes "Schuetz" for
 * "Schütz", "oelflex" for "ÖLFLEX" and "strasse" for "Straße"; both spellings must find each other. So the
 * searched text and the search text are compared in one folded form: lower-cased, ä -> ae, ö -> oe,
 * ü -> ue, ß -> ss. Folding maps each character on its own, so a text that contained the search text
 * before folding still contains it after: nothing that matched before stops matching.
 *
 * This is the twin of the SQL function `portal_fold` (migration 0005), which the trigram indexes of the
 * article description and of the master-data names hold; the two must fold alike.
 */

const FOLDED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** The folded form of `text` (no trimming: callers fold their comparison key). */
export function searchFold(text: string): string {
  // toLowerCase maps Ä, Ö, Ü and the capital sharp s (ẞ) to ä, ö, ü and ß; the SQL twin does so explicitly.
  return text.toLowerCase().replace(/[äöüß]/g, (char) => FOLDED[char] ?? char);
}

/** Escapes `%`, `_` and `\` so that `text` is matched literally inside a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `LIKE '%…%'` pattern of the folded `key`, for comparison with `portal_fold(column)`. */
export function foldedContainsPattern(key: string): string {
  return `%${escapeLike(searchFold(key))}%`;
}
