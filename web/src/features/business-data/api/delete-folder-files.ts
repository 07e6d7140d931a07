import type { FolderItemsBody } from '@portal/domain/schemas/business-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { FOLDER_API, folderQueryKey } from './folder-keys';

/** POST /delete: 200 (all deleted now) and 208 (some were already gone) are both a success (SPEC §7). */
export function useDeleteFolderFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FolderItemsBody) => apiRequest('POST', `${FOLDER_API}/delete`, { body }),
    onSettled: (_result, _error, { folderId }) =>
      queryClient.invalidateQueries({ queryKey: folderQueryKey(folderId) }),
  });
}
