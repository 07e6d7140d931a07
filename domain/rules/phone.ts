/** SPEC §5: phone numbers consist of digits, + and - only (spaces are allowed for readability). */
export const PHONE_PATTERN = /^[0-9+\- ]+$/;

export const PHONE_MESSAGE = 'Bitte nur Ziffern, + und - verwenden.';
