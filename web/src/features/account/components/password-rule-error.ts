import { ApiError } from '../../../lib/api-client';

/** The server's refusals of a chosen password (the common-password list is checked there only). */
const PASSWORD_RULE_CODES: readonly string[] = ['PASSWORD_TOO_COMMON', 'PASSWORD_UNCHANGED'];

/**
 * The German message when the server refused the chosen password itself, to be shown at the password
 * field; null for any other failure (wrong code, rate limit, …), which the form shows as before.
 */
export function passwordRuleMessage(error: unknown): string | null {
  return error instanceof ApiError && PASSWORD_RULE_CODES.includes(error.code) ? error.message : null;
}

/** The server's refusals of the e-mail address (already in use, also by an external guest). */
const MAIL_TAKEN_CODES: readonly string[] = ['EMAIL_IN_USE', 'EMAIL_OF_EXTERNAL_USER'];

/**
 * The German message when the server refused the e-mail address, to be shown at the mail field of step 2
 * where it was typed; null for any other failure.
 */
export function mailTakenMessage(error: unknown): string | null {
  return error instanceof ApiError && MAIL_TAKEN_CODES.includes(error.code) ? error.message : null;
}
