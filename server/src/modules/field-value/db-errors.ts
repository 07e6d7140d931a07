import type { ErrorCode } from '@portal/domain/errors';
import { pgErrorOf } from '../../db/pg-errors';
import { AppError } from '../../errors';

/** Unique indexes whose violation is a user-facing conflict, and the error code it becomes. */
const UNIQUE_CONFLICTS: [pattern: RegExp, code: ErrorCode][] = [
  [/_names_name_key$/, 'NAME_TAKEN'],
  [/^wholesalers_name_key$/, 'WHOLESALER_NAME_TAKEN'],
  [/^eclass_entries_number_key$/, 'ECLASS_DUPLICATE'],
];

/**
 * Turns a unique violation of a known index into its AppError (409/412); `fallback` is used for any other
 * unique violation (e.g. combine creating duplicate articles). Everything else is rethrown unchanged.
 */
export function rethrowConflict(error: unknown, fallback?: ErrorCode): never {
  const cause = pgErrorOf(error);
  if (cause?.code === '23505') {
    const match = UNIQUE_CONFLICTS.find(([pattern]) => pattern.test(cause.constraint ?? ''));
    if (match) throw new AppError(match[1]);
    if (fallback) throw new AppError(fallback);
  }
  if (cause?.code === '23503' && fallback) throw new AppError(fallback);
  throw error;
}
