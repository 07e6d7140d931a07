import { z } from 'zod';
import { changeEntry } from './change-entry';
import { idListQuery, isoDate, loadedLastUpdate } from './common';
import { combineQuery, fieldName, nameVariants, pagedResponse } from './field-value';

/** SPEC §3 Unit. */
export const unit = z.object({
  id: z.uuid(),
  displayName: z.string(),
  nameVariants: z.array(z.string()),
  lastUpdate: isoDate,
  usedByArticleAmount: z.number().int().optional(),
});
export type Unit = z.infer<typeof unit>;

/** GET by id: the unit with its change history (SPEC §3 changeEntries). */
export const unitDetail = unit.extend({ changeEntries: z.array(changeEntry) });

export const unitPage = pagedResponse(unit);
export const unitSearchResult = z.array(unit.extend({ exactMatch: z.boolean() }));

export const unitBody = z.object({ displayName: fieldName, nameVariants: nameVariants.default([]) });
export type UnitBody = z.input<typeof unitBody>;
export const updateUnitBody = unitBody.extend({ id: z.uuid(), lastUpdate: loadedLastUpdate });
export type UpdateUnitBody = z.input<typeof updateUnitBody>;

export const unitIdQuery = z.object({ id: z.uuid() });
export const unitDeleteQuery = z.object({ unitIds: idListQuery });
export const unitCombineQuery = combineQuery('unitIds');
