import { z } from 'zod';

export const errorResponse = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const idParam = z.object({ id: z.uuid() });

/** SPEC §7: ISO date strings on the wire; the web app turns them into dates where it needs to. */
export const isoDate = z.iso.datetime({ offset: true });

/** Query-string booleans: only the words true/false (z.coerce.boolean would read "false" as true). */
export const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Comma-separated ids in a query parameter (SPEC §7, e.g. `manufacturerIds=a,b`). */
export const idListQuery = z
  .string()
  .min(1)
  .transform((value) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.uuid()).min(1).max(1000));
