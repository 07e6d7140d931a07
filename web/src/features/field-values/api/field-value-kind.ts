import type { NotificationEntity } from '@portal/domain/enums';
import type { z } from 'zod';

/**
 * What the shared list/form code needs to know about one kind of field value (SPEC §7 paths under /api).
 * Each kind feature (manufacturer, unit, …) declares one.
 */
export interface FieldValueKind<Item extends { id: string }> {
  /** Path segment and query-key root, e.g. 'manufacturer' → /api/manufacturer/all. */
  base: string;
  /** The web route of its list, e.g. '/fieldvalues/manufacturer'. */
  route: string;
  item: z.ZodType<Item>;
  /** What a save answers, if richer than the list item (E-Class: the entry with its change entries). */
  saved?: z.ZodType<Item>;
  page: z.ZodType<{ content: Item[]; totalElements: number }>;
  /** Query parameter of the bulk delete and combine calls, e.g. 'manufacturerIds'. */
  idsKey: string;
  /** Bulk delete path (E-Class: '/eclass/delete/many'). */
  deletePath?: string;
  /** Query parameter of GET by id (E-Class: 'eclassMappingId'). */
  idParam?: string;
  /** Toast entity of SPEC §3 (E-Class has none). */
  entity?: NotificationEntity;
}

export const fieldValueKeys = {
  all: (base: string) => [base] as const,
  list: (base: string, params: object) => [base, 'list', params] as const,
  item: (base: string, id: string) => [base, 'item', id] as const,
  search: (base: string, params: object) => [base, 'search', params] as const,
};
