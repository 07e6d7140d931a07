import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type FieldValueKind, fieldValueKeys } from './field-value-kind';

export interface FieldValueListParams {
  page?: number;
  paginationSize?: number;
  column?: string;
  sortDescending?: boolean;
  search?: string;
  withAmount?: boolean;
  manufacturerId?: string;
}

/** SPEC §7 `/…/all`: a page of the list (or the whole list without paginationSize). */
export const fieldValuesQuery = <Item extends { id: string }>(
  kind: FieldValueKind<Item>,
  params: FieldValueListParams,
) =>
  queryOptions({
    queryKey: fieldValueKeys.list(kind.base, params),
    queryFn: ({ signal }) => api.get(`/${kind.base}/all`, kind.page, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export function useFieldValues<Item extends { id: string }>(
  kind: FieldValueKind<Item>,
  params: FieldValueListParams,
) {
  return useQuery(fieldValuesQuery(kind, params));
}
