import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { type FieldValueKind, fieldValueKeys } from './field-value-kind';

/** SPEC §7 `GET /…/` by id, past every cache. */
export const fetchFieldValue = <S extends z.ZodType>(
  kind: FieldValueKind<{ id: string }>,
  schema: S,
  id: string,
  signal?: AbortSignal,
) => api.get(`/${kind.base}/`, schema, { [kind.idParam ?? 'id']: id }, signal);

export const fieldValueQuery = <S extends z.ZodType>(
  kind: FieldValueKind<{ id: string }>,
  schema: S,
  id: string,
) =>
  queryOptions({
    queryKey: fieldValueKeys.item(kind.base, id),
    queryFn: ({ signal }) => fetchFieldValue(kind, schema, id, signal),
  });

/** SPEC §7 `GET /…/` by id; `schema` may be richer than the list item (E-Class: change entries). */
export function useFieldValue<S extends z.ZodType>(
  kind: FieldValueKind<{ id: string }>,
  schema: S,
  id: string | undefined,
) {
  return useQuery({ ...fieldValueQuery(kind, schema, id ?? ''), enabled: !!id });
}

/**
 * What a field-value form's conflict handling (useEditConflict) loads on CHANGED_MEANWHILE: the record as it
 * is now, which "Neu laden" then puts into the record's cache.
 */
export function useFieldValueReload<S extends z.ZodType>(
  kind: FieldValueKind<{ id: string }>,
  schema: S,
  id: string | undefined,
) {
  const queryClient = useQueryClient();
  return {
    loadCurrent: () => fetchFieldValue(kind, schema, id ?? ''),
    onReloaded: (record: z.infer<S>) =>
      queryClient.setQueryData(fieldValueKeys.item(kind.base, id ?? ''), record),
  };
}
