/** One field's change for the audit log (SPEC §3 changeEntries). */
export interface FieldChange {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields whose value differs between `before` and `after`, in the order of `fields`. */
export function diffFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (!(field in after)) continue;
    const oldValue = asText(before[field]);
    const newValue = asText(after[field]);
    if (oldValue !== newValue) changes.push({ field, oldValue, newValue });
  }
  return changes;
}

/** A record created from nothing: every non-empty field is logged as set. */
export function creationFields<T extends Record<string, unknown>>(
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  return diffFields({} as T, after, fields);
}
