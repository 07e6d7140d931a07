import { z } from 'zod';
import { changeEntry } from './change-entry';
import { idListQuery, isoDate, loadedLastUpdate, optionalText } from './common';
import { combineQuery, fieldName, nameVariants, pagedResponse } from './field-value';

/** SPEC §3 Manufacturer. */
export const manufacturer = z.object({
  id: z.uuid(),
  displayName: z.string(),
  nameVariants: z.array(z.string()),
  abbreviation: z.string().nullable(),
  link: z.string().nullable(),
  lastUpdate: isoDate,
  usedByArticleAmount: z.number().int().optional(),
});
export type Manufacturer = z.infer<typeof manufacturer>;

/** GET by id: the manufacturer with its change history (SPEC §3 changeEntries). */
export const manufacturerDetail = manufacturer.extend({ changeEntries: z.array(changeEntry) });

export const manufacturerPage = pagedResponse(manufacturer);
export const manufacturerSearchResult = z.array(manufacturer.extend({ exactMatch: z.boolean() }));

/** SPEC §5: display name required, the link must be a URL (http or https). */
export const manufacturerBody = z.object({
  displayName: fieldName,
  nameVariants: nameVariants.default([]),
  abbreviation: optionalText(200).pipe(fieldName.nullable()),
  link: optionalText(2000).pipe(
    z
      .url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        message: 'Bitte geben Sie eine gültige URL ein (z. B. https://www.hersteller.de).',
      })
      .nullable(),
  ),
});
export type ManufacturerBody = z.input<typeof manufacturerBody>;

export const updateManufacturerBody = manufacturerBody.extend({ id: z.uuid(), lastUpdate: loadedLastUpdate });
export type UpdateManufacturerBody = z.input<typeof updateManufacturerBody>;

export const manufacturerIdQuery = z.object({ id: z.uuid() });
export const manufacturerDeleteQuery = z.object({ manufacturerIds: idListQuery });
export const manufacturerCombineQuery = combineQuery('manufacturerIds');

/** "Migration starten": move every article of one manufacturer to another. */
export const manufacturerMigrationQuery = z
  .object({ manufacturerId: z.uuid(), targetManufacturerId: z.uuid() })
  .refine((query) => query.manufacturerId !== query.targetManufacturerId, {
    message: 'Bitte wählen Sie einen anderen Hersteller als Ziel.',
    path: ['targetManufacturerId'],
  });
export const manufacturerMigrationResult = z.object({ movedArticles: z.number().int() });
