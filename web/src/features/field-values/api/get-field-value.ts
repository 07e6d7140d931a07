import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { type FieldValueKind, fieldValueKeys } from './field-value-kind';

export const fieldValueQuery = <S extends z.ZodType>(
  kind: FieldValueKind<{ id: string }>,
  schema: S,
  id: string,
) =>
  queryOptions({
    queryKey: fieldValueKeys.item(kind.base, id),
    queryFn: ({ signal }) => api.get(`/${kind.base}/`, schema, { [kind.idParam ?? 'id']: id }, signal),
  });

/** SPEC §7 `GET /…/` by id; `schema` may be richer than the list item (E-Class: change entries). */
export function useFieldValue<S extends z.ZodType>(
  kind: FieldValueKind<{ id: string }>,
  schema: S,
  id: string | undefined,
) {
  return useQuery({ ...fieldValueQuery(kind, schema, id ?? ''), enabled: !!id });
}
