import {
  type AdminBomManufacturerNameBody,
  adminBomManufacturerNameResponse,
} from '@portal/domain/schemas/admin-bom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminBomQueryKeys } from './admin-bom';

/**
 * POST /admin/bom/manufacturer-names (operator administrators): an unknown manufacturer name of the result
 * becomes a name variant of a manufacturer or a new manufacturer, and the result's lines are matched again.
 * The result's counts and success rate come with the answer; its lines, unknown names and the history's
 * success rate are read again, and so is every choice of manufacturers.
 */
export function useResolveAdminBomManufacturer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBomManufacturerNameBody) =>
      api.post('/admin/bom/manufacturer-names', body, adminBomManufacturerNameResponse),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminBomQueryKeys.one(answer.bom.id), answer.bom);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBomQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['article-options'] }),
      ]);
    },
  });
}
