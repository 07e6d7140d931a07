import { importConfigListResponse } from '@portal/domain/schemas/import-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const importConfigsQuery = queryOptions({
  queryKey: ['import-configs'],
  queryFn: ({ signal }) => api.get('/import/config/all', importConfigListResponse, undefined, signal),
});

/** SPEC §7 GET /import/config/all: every import configuration (a short list, filtered in the browser). */
export function useImportConfigs(enabled = true) {
  return useQuery({ ...importConfigsQuery, enabled });
}
