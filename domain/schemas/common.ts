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
