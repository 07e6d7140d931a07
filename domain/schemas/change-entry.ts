import { z } from 'zod';
import { isoDate } from './common';

/** SPEC §3 changeEntries: who changed which field from what to what, when. */
export const changeEntry = z.object({
  id: z.string(),
  userName: z.string(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  createDate: isoDate,
});
export type ChangeEntry = z.infer<typeof changeEntry>;
