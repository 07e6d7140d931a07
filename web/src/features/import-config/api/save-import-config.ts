import { type ImportConfigBody, importConfigResponse } from '@portal/domain/schemas/import-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Creates (no id) or updates an import configuration with the `lastUpdate` its form is based on (SPEC §8
 * CHANGED_MEANWHILE); list and record caches are refreshed.
 */
export function useSaveImportConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, lastUpdate }: { id?: string; body: ImportConfigBody; lastUpdate?: string }) =>
      id
        ? api.post('/import/config/update', { ...body, id, lastUpdate }, importConfigResponse)
        : api.post('/import/config/', body, importConfigResponse),
    onSuccess: (config) => {
      queryClient.setQueryData(['import-config', config.id], config);
      void queryClient.invalidateQueries({ queryKey: ['import-configs'] });
    },
  });
}
