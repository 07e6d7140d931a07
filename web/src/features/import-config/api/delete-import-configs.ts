import { importConfigDeleteResponse } from '@portal/domain/schemas/import-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC §7 POST /import/config/delete (configId), once per selected configuration. */
export function useDeleteImportConfigs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(
        ids.map((configId) =>
          api.post('/import/config/delete', undefined, importConfigDeleteResponse, { configId }),
        ),
      );
      return { failed: results.filter((result) => result.status === 'rejected').length };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['import-configs'] }),
  });
}
