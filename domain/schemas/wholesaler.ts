import { z } from 'zod';
import { idListQuery, isoDate, loadedLastUpdate } from './common';
import { fieldName, pagedResponse } from './field-value';

/** SPEC §3 Wholesaler. */
export const wholesaler = z.object({
  id: z.uuid(),
  displayName: z.string(),
  lastUpdate: isoDate,
  usedByArticleAmount: z.number().int().optional(),
});
export type Wholesaler = z.infer<typeof wholesaler>;

export const wholesalerPage = pagedResponse(wholesaler);

/** SPEC §5: display name required and unique (412 otherwise). */
export const wholesalerBody = z.object({ displayName: fieldName });
export type WholesalerBody = z.input<typeof wholesalerBody>;
export const updateWholesalerBody = wholesalerBody.extend({ id: z.uuid(), lastUpdate: loadedLastUpdate });
export type UpdateWholesalerBody = z.input<typeof updateWholesalerBody>;

export const wholesalerIdQuery = z.object({ id: z.uuid() });
export const wholesalerDeleteQuery = z.object({ wholesalerIds: idListQuery });
