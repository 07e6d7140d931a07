import { importConfigResponse } from '@portal/domain/schemas/import-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const fetchImportConfig = (id: string, signal?: AbortSignal) =>
  api.get('/import/config/', importConfigResponse, { id }, signal);

export const importConfigQuery = (id: string) =>
  queryOptions({
    queryKey: ['import-config', id],
    queryFn: ({ signal }) => fetchImportConfig(id, signal),
  });

export function useImportConfig(id: string | undefined) {
  return useQuery({ ...importConfigQuery(id ?? ''), enabled: !!id });
}
