import { type FolderPasswordBody, folderResponse } from '@portal/domain/schemas/business-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FOLDER_API, folderQueryKey } from './folder-keys';

/** POST /create: sets the folder password (and, from the dialog, anonymous access with it). */
export function useSetFolderPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FolderPasswordBody) => api.post(`${FOLDER_API}/create`, body, folderResponse),
    onSuccess: (folder) => queryClient.setQueryData(folderQueryKey(folder.folderId), folder),
  });
}
