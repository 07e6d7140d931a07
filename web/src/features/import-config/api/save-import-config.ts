import { type ImportConfigBody, importConfigResponse } from '@portal/domain/schemas/import-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Creates (no id) or updates an import configuration; list and record caches are refreshed. */
export function useSaveImportConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ImportConfigBody }) =>
      id
        ? api.post('/import/config/update', { ...body, id }, importConfigResponse)
        : api.post('/import/config/', body, importConfigResponse),
    onSuccess: (config) => {
      queryClient.setQueryData(['import-config', config.id], config);
      void queryClient.invalidateQueries({ queryKey: ['import-configs'] });
    },
  });
}
