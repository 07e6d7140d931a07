import { type FolderCheckBody, folderResponse } from '@portal/domain/schemas/business-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FOLDER_API, folderQueryKey } from './folder-keys';

/**
 * POST /check: the folder password. The answer is the folder; the server also sets the httpOnly folder
 * cookie, which the browser sends on every later call (downloads included) by itself.
 */
export function useCheckFolderPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FolderCheckBody) => api.post(`${FOLDER_API}/check`, body, folderResponse),
    onSuccess: (folder, { folderId }) => queryClient.setQueryData(folderQueryKey(folderId), folder),
  });
}
