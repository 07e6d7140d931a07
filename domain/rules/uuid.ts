/**
 * The record ids are UUIDs. A path parameter or list entry that is not one cannot name a record, so it is
 * answered as not found before the database sees it (PostgreSQL would reject the cast with an error).
 */

/** The text of a UUID of any version, to embed in a larger pattern (storage keys, SQL `~*`). */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

/** Is `value` a UUID (any version, either case)? */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
