import { ERRORS } from '../errors';

/**
 * Characters a person cannot see but that change what is shown (Unicode TR #36, "Trojan Source"): the
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) turn
 * "Rechnung\u202Efdp.exe" into what reads as "Rechnungexe.pdf"; the zero-width characters and direction
 * marks (U+200B–U+200F) and the zero-width no-break space U+FEFF make two names that look alike differ.
 * File names lose them on upload (SPEC §5 makes file names safe instead of refusing them); names and titles
 * that people type are refused with a German message, so nobody stores a name that misleads the others.
 */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'g');

/** The message of a refused name or title (the issue on the field, like any other failed validation). */
export const INVISIBLE_CHARACTERS_MESSAGE: string = ERRORS.INVISIBLE_CHARACTERS.message;

export function containsInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}

export function removeInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE_ALL, '');
}
