/**
 * SPEC §5/§9 password rules, shared by the server (better-auth limits, request schemas) and every form
 * (register, reset, profile) so that both sides always agree. The server alone also refuses the most
 * common passwords and an unchanged one (PASSWORD_TOO_COMMON, PASSWORD_UNCHANGED in errors.ts): the list
 * is too large for the web bundle.
 */
export const MIN_PASSWORD_LENGTH = 6;
/** Long enough for any passphrase, short enough to keep argon2id hashing cheap to refuse. */
export const MAX_PASSWORD_LENGTH = 200;

export const PASSWORD_TOO_SHORT_MESSAGE = `Das Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.`;
export const PASSWORD_TOO_LONG_MESSAGE = `Das Passwort darf höchstens ${MAX_PASSWORD_LENGTH} Zeichen lang sein.`;
/** SPEC §5: the registration's repeat field. */
export const PASSWORD_REPEAT_MISMATCH_MESSAGE = 'Diese Passwörter stimmen nicht überein';
/** SPEC §5: reset and change forms. */
export const PASSWORD_CONFIRM_MISMATCH_MESSAGE = 'Die Passwörter stimmen nicht überein.';

export type PasswordProblem = 'tooShort' | 'tooLong' | null;

export function passwordProblem(password: string): PasswordProblem {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  if (password.length > MAX_PASSWORD_LENGTH) return 'tooLong';
  return null;
}

/** The confirmation must repeat the password exactly (no trimming: spaces are part of a password). */
export function passwordsMatch(password: string, confirmation: string): boolean {
  return password === confirmation;
}
