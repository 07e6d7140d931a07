import { z } from 'zod';
import { cleanName, MAX_NAME_LENGTH } from '../rules/name-variants';
import { booleanQuery, idListQuery, nameText, searchText, text } from './common';

/**
 * What manufacturers, units and discount groups (and partly wholesalers and E-Class) share on the wire:
 * names, paged lists, the name search, bulk delete and combine (SPEC §2, §5, §7).
 */

/** A display name, abbreviation or variant: trimmed, 1–200 characters, no line breaks (SPEC §5). */
export const fieldName = nameText()
  .transform(cleanName)
  .pipe(
    z
      .string()
      .min(1, 'Bitte geben Sie eine Bezeichnung ein.')
      .max(MAX_NAME_LENGTH, `Höchstens ${MAX_NAME_LENGTH} Zeichen.`)
      .regex(/^[^\p{Cc}]*$/u, 'Zeilenumbrüche und Steuerzeichen sind nicht erlaubt.'),
  );

export const nameVariants = z.array(fieldName).max(100, 'Höchstens 100 Namensvarianten.');

/**
 * The query of every field-value list: SPEC's `withAmount` plus paging, search and sort for the web tables
 * (`page` 0-based). Without `paginationSize` the whole list is returned (selects in forms).
 */
export function fieldValueListQuery<const C extends readonly [string, ...string[]]>(
  columns: C,
  defaultColumn: C[number],
) {
  return z.object({
    withAmount: booleanQuery.default(false),
    page: z.coerce.number().int().min(0).default(0),
    paginationSize: z.coerce.number().int().min(1).max(1000).optional(),
    column: z.enum(columns).default(defaultColumn as never),
    sortDescending: booleanQuery.default(false),
    search: searchText().optional(),
  });
}

export const NAMED_LIST_COLUMNS = ['displayName', 'usedByArticleAmount'] as const;
export type NamedListColumn = (typeof NAMED_LIST_COLUMNS)[number];
export const namedListQuery = fieldValueListQuery(NAMED_LIST_COLUMNS, 'displayName');
export type NamedListQuery = z.infer<typeof namedListQuery>;

export function pagedResponse<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), totalElements: z.number().int() });
}

/** SPEC §7 `/…/name`: case-insensitive substring search over all names; exact matches come first. */
export const nameSearchQuery = z.object({
  name: text().trim().min(1, 'Bitte geben Sie einen Suchbegriff ein.').max(MAX_NAME_LENGTH),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type NameSearchQuery = z.infer<typeof nameSearchQuery>;

/** Bulk delete (SPEC §8): which ids were deleted and which could not be (still in use or unknown). */
export const fieldValueDeleteResult = z.object({ deleted: z.array(z.uuid()), failed: z.array(z.uuid()) });
export type FieldValueDeleteResult = z.infer<typeof fieldValueDeleteResult>;

/** Combine: the first id survives unless `targetId` names another of the ids. */
export function combineQuery<const K extends string>(idsKey: K) {
  return z
    .object({ [idsKey]: idListQuery, targetId: z.uuid().optional() } as Record<K, typeof idListQuery> & {
      targetId: z.ZodOptional<z.ZodUUID>;
    })
    .refine((query) => new Set((query as Record<K, string[]>)[idsKey]).size >= 2, {
      message: 'Bitte wählen Sie mindestens zwei verschiedene Einträge aus.',
      path: [idsKey],
    });
}

export const combineResult = z.object({ id: z.uuid(), combined: z.number().int() });
export type CombineResult = z.infer<typeof combineResult>;

/** Result of a CSV import (all rows or none). */
/** A CSV import's outcome: rows that created, changed, or repeated an entry exactly as it was. */
export const importResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;
