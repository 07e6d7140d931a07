import { ApiError } from './api-client';
import { formatNumber } from './format';

/**
 * What a form needs to tell a person about a save that came too late (SPEC §8 CHANGED_MEANWHILE): which of
 * its fields the other person changed, and how to put the other version under the person's own input
 * without losing either. Works on the form's values (what the person sees), never on raw API records.
 */

export type FormValuesOf = Record<string, unknown>;

/** One field of a form as the conflict message names it. */
export interface ConflictField<R> {
  /** The field's path in the form values, e.g. 'price' or 'technicalSpec.packaging'. */
  name: string;
  /** Its German label, as in the form. */
  label: string;
  /**
   * How a value reads in the form (an option's label, a name instead of an id). `record` is the version the
   * value belongs to. By default: Ja/Nein, German numbers, lists joined, '–' when empty.
   */
  format?: (value: unknown, record: R) => string;
  /** Values that change only together with this field and are not shown on their own (a file's stored path). */
  also?: string[];
}

/** A field the other person changed: its new value, and the person's own input where that differs too. */
export interface ConflictChange {
  name: string;
  label: string;
  theirs: string;
  /** Set when the person had changed the same field: this input gives way to `theirs` on "Neu laden". */
  mine?: string;
}

export const EMPTY_TEXT = '–';

/** The server refused the save because the record changed after the form loaded it. */
export function isChangedMeanwhile(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'CHANGED_MEANWHILE';
}

function isPlainObject(value: unknown): value is FormValuesOf {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));

/** Equal as a person sees them: '' and null are both "empty" (forms keep empty texts as ''). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]))
    );
  }
  if (isPlainObject(a) || isPlainObject(b)) {
    if (!isPlainObject(a) || !isPlainObject(b)) return false;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return Object.is(a, b);
}

export function valueAt(values: unknown, path: string): unknown {
  let current = values;
  for (const part of path.split('.')) {
    if (!isPlainObject(current)) return undefined;
    current = current[part];
  }
  return current;
}

/** The paths of the single values in either object (nested objects are walked, lists are one value). */
export function leafPaths(a: unknown, b: unknown, prefix = ''): string[] {
  if (!isPlainObject(a) && !isPlainObject(b)) return prefix ? [prefix] : [];
  const keys = new Set([
    ...Object.keys(isPlainObject(a) ? a : {}),
    ...Object.keys(isPlainObject(b) ? b : {}),
  ]);
  return [...keys].flatMap((key) =>
    leafPaths(
      isPlainObject(a) ? a[key] : undefined,
      isPlainObject(b) ? b[key] : undefined,
      prefix ? `${prefix}.${key}` : key,
    ),
  );
}

export interface MergePlan {
  /** The person's own edits on fields the other left as they were: they stay in the form. */
  keep: { path: string; value: unknown }[];
  /** Fields both changed, to different values: the other's value is the saved one. */
  clashes: string[];
}

/**
 * SPEC §8 "Neu laden": the other version becomes the form's base and the person's edits on the fields the
 * other did not touch are kept. `base` is what the form loaded, `theirs` the version saved meanwhile,
 * `mine` what the form holds now.
 */
export function planMerge(base: FormValuesOf, theirs: FormValuesOf, mine: FormValuesOf): MergePlan {
  const keep: MergePlan['keep'] = [];
  const clashes: string[] = [];
  for (const path of leafPaths(base, mine)) {
    const own = valueAt(mine, path);
    const before = valueAt(base, path);
    if (sameValue(own, before)) continue;
    const other = valueAt(theirs, path);
    if (sameValue(other, before)) keep.push({ path, value: own });
    else if (!sameValue(other, own)) clashes.push(path);
  }
  return { keep, clashes };
}

export interface ValueWords {
  yes: string;
  no: string;
  /** Said of a structured value that has no format of its own (never shown raw: ids, flags). */
  changed: string;
}

/** A value as a form shows it, when the field has no format of its own. */
export function formatFormValue(value: unknown, words: ValueWords): string {
  if (isEmpty(value)) return EMPTY_TEXT;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return formatNumber(value, 6);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const parts = value.map((item) => formatFormValue(item, words)).filter((text) => text !== EMPTY_TEXT);
    return parts.length > 0 ? parts.join(', ') : EMPTY_TEXT;
  }
  return words.changed;
}

const under = (name: string, path: string) => path === name || path.startsWith(`${name}.`);
const covers = <R>(field: ConflictField<R>, path: string) =>
  under(field.name, path) || (field.also ?? []).some((name) => under(name, path));

/**
 * The fields the other person changed between the version the form loaded (`base`) and the one saved
 * meanwhile (`current`), with their new values as the form shows them. `unlisted` tells that something
 * else in the form's values changed too, which no field of the list names.
 */
export function describeChanges<R>(input: {
  fields: ConflictField<R>[];
  base: { record: R; values: FormValuesOf };
  current: { record: R; values: FormValuesOf };
  mine: FormValuesOf;
  words: ValueWords;
}): { changes: ConflictChange[]; unlisted: boolean } {
  const { fields, base, current, mine, words } = input;
  const show = (field: ConflictField<R>, value: unknown, record: R) => {
    if (field.format) return isEmpty(value) ? EMPTY_TEXT : field.format(value, record);
    return formatFormValue(value, words);
  };
  const changes: ConflictChange[] = [];
  for (const field of fields) {
    const before = valueAt(base.values, field.name);
    const theirs = valueAt(current.values, field.name);
    if (sameValue(before, theirs)) continue;
    const own = valueAt(mine, field.name);
    const change: ConflictChange = {
      name: field.name,
      label: field.label,
      theirs: show(field, theirs, current.record),
    };
    if (!sameValue(own, before) && !sameValue(own, theirs)) change.mine = show(field, own, base.record);
    changes.push(change);
  }
  const unlisted = leafPaths(base.values, current.values).some(
    (path) =>
      !fields.some((field) => covers(field, path)) &&
      !sameValue(valueAt(base.values, path), valueAt(current.values, path)),
  );
  return { changes, unlisted };
}
