import { AppError } from '../errors';

/**
 * ASVS 6.2.4: a password anyone would try first is refused wherever a person sets one (registration,
 * invitation, reset, profile). The list is zxcvbn-ts' ranked list of leaked passwords, of which the 10,000
 * most common are checked, case-insensitively. It stays on the server (never in the web bundle) and is
 * loaded on first use, not at start-up.
 */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        dictionary['passwords-common']
          .slice(0, COMMON_PASSWORD_COUNT)
          .map((password) => password.toLowerCase()),
      ),
  );
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** Throws PASSWORD_TOO_COMMON (400, with the German message) for a password of the list. */
export async function assertPasswordNotCommon(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON');
}
