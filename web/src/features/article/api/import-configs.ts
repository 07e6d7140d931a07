import { importConfigListResponse } from '@portal/domain/schemas/import-config';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The import configurations the import dialog offers (SPEC §7 GET /import/config/all). */
export function useImportConfigChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['import-configs'],
    queryFn: ({ signal }) => api.get('/import/config/all', importConfigListResponse, undefined, signal),
    enabled,
  });
}
