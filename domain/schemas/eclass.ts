import { z } from 'zod';
import { changeEntry } from './change-entry';
import { idListQuery, isoDate, loadedLastUpdate, text } from './common';
import { fieldValueListQuery, pagedResponse } from './field-value';

/** SPEC §3 E-Class entry. */
export const eclassEntry = z.object({
  id: z.uuid(),
  eclassNumber: z.string(),
  description: z.string(),
  workTime: z.number(),
  firstLevelOrder: z.number().int(),
  secondLevelOrder: z.number().int(),
  createDate: isoDate,
  lastUpdate: isoDate,
  usedByArticleAmount: z.number().int().optional(),
});
export type EclassEntry = z.infer<typeof eclassEntry>;
export const eclassDetail = eclassEntry.extend({ changeEntries: z.array(changeEntry) });

export const ECLASS_LIST_COLUMNS = ['eclassNumber', 'description', 'workTime'] as const;
export const eclassListQuery = fieldValueListQuery(ECLASS_LIST_COLUMNS, 'eclassNumber');
export type EclassListQuery = z.infer<typeof eclassListQuery>;
export const eclassPage = pagedResponse(eclassEntry);

const wholeNumber = (label: string) =>
  z
    .number({ message: `${label}: Bitte geben Sie eine Zahl ein.` })
    .int(`${label}: Bitte geben Sie eine ganze Zahl ein.`)
    .min(0, `${label}: Die Zahl darf nicht negativ sein.`)
    .max(1_000_000);

/** SPEC §5: all fields required; eclassNumber exactly 8 characters (digits); workTime numeric, default 0. */
export const eclassBody = z.object({
  eclassNumber: text()
    .trim()
    .regex(/^\d{8}$/, 'Die E-Class-Nummer muss aus genau 8 Ziffern bestehen.'),
  description: text()
    .trim()
    .min(1, 'Bitte geben Sie eine Beschreibung ein.')
    .max(500, 'Höchstens 500 Zeichen.'),
  workTime: z
    .number({ message: 'Bitte geben Sie eine Zahl ein.' })
    .min(0, 'Die Arbeitszeit darf nicht negativ sein.')
    .max(100000)
    .default(0),
  firstLevelOrder: wholeNumber('Sortierung 1. Ebene'),
  secondLevelOrder: wholeNumber('Sortierung 2. Ebene'),
});
export type EclassBody = z.input<typeof eclassBody>;
export const updateEclassBody = eclassBody.extend({ id: z.uuid(), lastUpdate: loadedLastUpdate });
export type UpdateEclassBody = z.input<typeof updateEclassBody>;

export const eclassIdQuery = z.object({ eclassMappingId: z.uuid() });
export const eclassDeleteQuery = z.object({ eclassIds: idListQuery });

/** SPEC §7 POST /eclass/all/articles: article ids in, the E-Class entry of each article out. */
export const eclassArticlesBody = z.array(z.uuid()).max(10000);
export const eclassArticlesResponse = z.object({ eclassMap: z.record(z.string(), eclassEntry) });
