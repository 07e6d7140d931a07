import { z } from 'zod';
import { containsInvisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE } from '../rules/invisible-characters';
import { containsNul, NUL_MESSAGE } from '../rules/nul-character';
import { germanIssueMessage } from './german-issues';

// One place for the wording of validation problems, on the server and in the web app's forms.
z.config({ customError: germanIssueMessage });

/**
 * Every text the API takes (bodies, query strings, multipart fields): a string without NUL. Use it instead of
 * `z.string()` in every request schema; `.trim()`, `.max()` and the rest chain as on `z.string()`.
 */
export function text() {
  return z.string().refine((value) => !containsNul(value), { message: NUL_MESSAGE, abort: true });
}

/**
 * A name or title that others read (people, companies, enquiries, import configurations, master data): a
 * text() that also refuses bidi control and zero-width characters (domain/rules/invisible-characters.ts),
 * with the German message on the field. Chains like text().
 */
export function nameText() {
  return text().refine((value) => !containsInvisibleCharacters(value), {
    message: INVISIBLE_CHARACTERS_MESSAGE,
    abort: true,
  });
}

/** An optional text field: trimmed, '' and whitespace become null. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Höchstens ${max} Zeichen.`)
    .nullish()
    .transform((value) => (value ? value : null));

/** A search text of a list or search field (query string): trimmed, at most 200 characters. */
export const searchText = () => text().trim().max(200);

export const errorResponse = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const idParam = z.object({ id: z.uuid() });

/** SPEC §7: ISO date strings on the wire; the web app turns them into dates where it needs to. */
export const isoDate = z.iso.datetime({ offset: true });

/**
 * The `lastUpdate` an edit form was loaded with, sent back with every save of a record that several people
 * edit (domain/rules/last-update.ts): a save based on an older state is refused with CHANGED_MEANWHILE.
 */
export const loadedLastUpdate = z.iso.datetime({
  offset: true,
  message: 'Der Stand des Formulars fehlt. Bitte laden Sie die Seite neu.',
});

/** Query-string booleans: only the words true/false (z.coerce.boolean would read "false" as true). */
export const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Comma-separated ids in a query parameter (SPEC §7, e.g. `manufacturerIds=a,b`). */
export const idListQuery = text()
  .min(1)
  .transform((value) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.uuid()).min(1).max(1000));
