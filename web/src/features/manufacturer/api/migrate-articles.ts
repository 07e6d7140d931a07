import { manufacturerMigrationResult } from '@portal/domain/schemas/manufacturer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC §7 `/manufacturer/delete/article` ("Migration starten"): all articles move to the target. */
export function useMigrateArticles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: { manufacturerId: string; targetManufacturerId: string }) =>
      api.get('/manufacturer/delete/article', manufacturerMigrationResult, params),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['manufacturer'] });
      void queryClient.invalidateQueries({ queryKey: ['articles'] });
    },
  });
}
