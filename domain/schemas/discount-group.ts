import { z } from 'zod';
import { changeEntry } from './change-entry';
import { idListQuery, isoDate, loadedLastUpdate } from './common';
import { combineQuery, fieldName, nameSearchQuery, nameVariants, pagedResponse } from './field-value';

/** A discount in percent: 0–100 with at most two decimals (SPEC §5). */
export const percent = z
  .number({ message: 'Bitte geben Sie eine Zahl ein.' })
  .min(0, 'Der Rabatt muss zwischen 0 und 100 % liegen.')
  .max(100, 'Der Rabatt muss zwischen 0 und 100 % liegen.')
  .refine(
    (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
    'Höchstens zwei Nachkommastellen.',
  );

/** SPEC §3 Discount group with its per-wholesaler discounts. */
export const discountGroup = z.object({
  id: z.uuid(),
  displayName: z.string(),
  nameVariants: z.array(z.string()),
  percent: z.number(),
  manufacturerId: z.uuid(),
  manufacturerName: z.string(),
  wholesalerDiscounts: z.array(
    z.object({ wholesalerId: z.uuid(), wholesalerName: z.string(), percent: z.number() }),
  ),
  lastUpdate: isoDate,
  usedByArticleAmount: z.number().int().optional(),
});

/** GET by id: the group with its change history (SPEC §3 changeEntries). */
export const discountGroupDetail = discountGroup.extend({ changeEntries: z.array(changeEntry) });
export type DiscountGroup = z.infer<typeof discountGroup>;

export const discountGroupPage = pagedResponse(discountGroup);
export const discountGroupSearchResult = z.array(discountGroup.extend({ exactMatch: z.boolean() }));

export const discountGroupBody = z.object({
  displayName: fieldName,
  nameVariants: nameVariants.default([]),
  percent,
  manufacturerId: z.uuid({ message: 'Bitte wählen Sie einen Hersteller.' }),
  wholesalerDiscounts: z
    .array(z.object({ wholesalerId: z.uuid({ message: 'Bitte wählen Sie einen Großhändler.' }), percent }))
    .max(200)
    .default([])
    .refine(
      (entries) => new Set(entries.map((entry) => entry.wholesalerId)).size === entries.length,
      'Jeder Großhändler darf nur einmal vorkommen.',
    ),
});
export type DiscountGroupBody = z.input<typeof discountGroupBody>;
export const updateDiscountGroupBody = discountGroupBody.extend({
  id: z.uuid(),
  lastUpdate: loadedLastUpdate,
});
export type UpdateDiscountGroupBody = z.input<typeof updateDiscountGroupBody>;

export const discountGroupIdQuery = z.object({ id: z.uuid() });
export const discountGroupSearchQuery = nameSearchQuery.extend({ manufacturerId: z.uuid().optional() });
export const discountGroupDeleteQuery = z.object({ discountGroupIds: idListQuery });
export const discountGroupCombineQuery = combineQuery('discountGroupIds');
