/**
 * ASVS 2.2.1: PostgreSQL cannot store the NUL character (U+0000) in text. A text holding one is refused
 * where it enters (request schemas, multipart fields, CSV cells) with this message, never at the database.
 */
export const NUL_MESSAGE = 'Der Text enthält ein unzulässiges Steuerzeichen (NUL).';

export function containsNul(text: string): boolean {
  return text.includes('\u0000');
}
