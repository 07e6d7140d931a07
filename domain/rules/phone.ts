/** SPEC §5: phone numbers consist of digits, + and - only (spaces are allowed for readability). */
export const PHONE_PATTERN = /^[0-9+\- ]+$/;

export const PHONE_MESSAGE = 'Bitte nur Ziffern, + und - verwenden.';

/**
 * Phone numbers as Germans write them, brought to the characters of SPEC §5 before they are checked
 * (SPEC §5 phone): "+49 (0)7161 12345" → "+49 7161 12345" (the (0) is not dialled from abroad),
 * "(07161) 12345" → "07161 12345", "07161 / 12345" → "07161-12345". Anything else is left for the check.
 */
export function normalizePhoneNumber(text: string): string {
  return text
    .replace(/(\+\d+)\s*\(0\)\s*/g, '$1 ')
    .replace(/[()]/g, ' ')
    .replace(/\s*\/\s*/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}
