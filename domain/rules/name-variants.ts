import { escapeLike, foldedContainsPattern } from './search-fold';

/**
 * SPEC §5 name variants of manufacturers, units and discount groups: one set of rules for the form
 * (Enter adds a variant), the server (create, update, combine) and the names index behind the search.
 */

/** The names an item is known by: display name, optional abbreviation (manufacturers) and variants. */
export interface NamedItem {
  displayName: string;
  abbreviation?: string | null;
  nameVariants: readonly string[];
}

/** The most characters one name may have (display name, abbreviation or variant). */
export const MAX_NAME_LENGTH = 200;

/** SPEC §5: names are trimmed before they are compared or stored. */
export function cleanName(name: string): string {
  return name.normalize('NFC').trim();
}

/**
 * The comparison key of a name: trimmed, inner whitespace collapsed and lower-cased, so that
 * 'PHOENIX  CONTACT' and 'Phoenix Contact' are the same name. Computed here (not with SQL `lower()`)
 * so umlauts compare alike on every database locale.
 */
export function nameKey(name: string): string {
  return cleanName(name).replace(/\s+/g, ' ').toLowerCase();
}

/** Every distinct name of an item in display order; the abbreviation may equal the display name. */
export function itemNames(item: NamedItem): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const name of [item.displayName, item.abbreviation ?? '', ...item.nameVariants]) {
    const cleaned = cleanName(name);
    const key = nameKey(cleaned);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(cleaned);
  }
  return names;
}

export type AddVariantResult =
  | { ok: true; nameVariants: string[] }
  | { ok: false; reason: 'empty' | 'taken' };

/**
 * SPEC §5: a variant confirmed with Enter is trimmed and refused when the item already carries that name
 * (display name, abbreviation or another variant, compared case-insensitively). `takenElsewhere` holds the
 * keys known to belong to other items of the same kind (the server checks again on save).
 */
export function addNameVariant(
  item: NamedItem,
  candidate: string,
  takenElsewhere: ReadonlySet<string> = new Set(),
): AddVariantResult {
  const cleaned = cleanName(candidate);
  const key = nameKey(cleaned);
  if (key === '') return { ok: false, reason: 'empty' };
  const own = [item.displayName, item.abbreviation ?? '', ...item.nameVariants].map(nameKey);
  if (own.includes(key) || takenElsewhere.has(key)) return { ok: false, reason: 'taken' };
  return { ok: true, nameVariants: [...item.nameVariants, cleaned] };
}

/**
 * SPEC §5: a variant becomes the display name and the old display name joins the variants, unless the item
 * keeps that name as its abbreviation (ABB, Lapp): a variant equal to the abbreviation would be a duplicate.
 */
export function promoteNameVariant<T extends NamedItem>(item: T, variant: string): T {
  const key = nameKey(variant);
  const index = item.nameVariants.findIndex((name) => nameKey(name) === key);
  if (index < 0) return item;
  const nameVariants = [...item.nameVariants];
  const oldName = cleanName(item.displayName);
  const keptAsAbbreviation = nameKey(oldName) === nameKey(item.abbreviation ?? '');
  const [promoted] = keptAsAbbreviation
    ? nameVariants.splice(index, 1)
    : nameVariants.splice(index, 1, oldName);
  return { ...item, displayName: cleanName(promoted ?? variant), nameVariants };
}

/**
 * The first name that occurs twice on one item (abbreviation = display name is allowed), or null.
 * The server refuses such an item with 'Diese Bezeichnung wird bereits verwendet.'.
 */
export function findDuplicateName(item: NamedItem): string | null {
  const seen = new Set<string>([nameKey(item.displayName)]);
  const abbreviation = nameKey(item.abbreviation ?? '');
  if (abbreviation !== '') seen.add(abbreviation);
  for (const variant of item.nameVariants) {
    const key = nameKey(variant);
    if (key === '' || seen.has(key)) return cleanName(variant);
    seen.add(key);
  }
  return null;
}

/**
 * SPEC §4 combine: the survivor keeps its display name (and abbreviation); the display names, abbreviations
 * and variants of the others join its variants. Names in `takenElsewhere` (keys owned by other items that
 * stay) and names already on the survivor are left out, so the result never clashes.
 */
export function mergeNameVariants(
  survivor: NamedItem,
  others: readonly NamedItem[],
  takenElsewhere: ReadonlySet<string> = new Set(),
): string[] {
  const seen = new Set<string>([nameKey(survivor.displayName)]);
  const abbreviation = nameKey(survivor.abbreviation ?? '');
  if (abbreviation !== '') seen.add(abbreviation);
  const result: string[] = [];
  const candidates = [...survivor.nameVariants, ...others.flatMap((other) => itemNames(other))];
  for (const name of candidates) {
    const key = nameKey(name);
    if (key === '' || seen.has(key) || takenElsewhere.has(key)) continue;
    seen.add(key);
    result.push(cleanName(name));
  }
  return result;
}

/** Escapes `%`, `_` and `\` so a search text is matched literally inside `LIKE '%…%'`. */
export function likePattern(text: string): string {
  return `%${escapeLike(nameKey(text))}%`;
}

/**
 * `likePattern` folded as Germans type ("Schuetz" = "Schütz", domain/rules/search-fold.ts), for
 * comparison with `portal_fold(column)` in SQL.
 */
export function foldedLikePattern(text: string): string {
  return foldedContainsPattern(nameKey(text));
}
