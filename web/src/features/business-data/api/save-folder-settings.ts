import { type FolderSettingsBody, folderResponse } from '@portal/domain/schemas/business-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FOLDER_API, folderQueryKey } from './folder-keys';

/** POST /settings: rights per company type, external and anonymous access; answers the folder. */
export function useSaveFolderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FolderSettingsBody) => api.post(`${FOLDER_API}/settings`, body, folderResponse),
    onSuccess: (folder) => queryClient.setQueryData(folderQueryKey(folder.folderId), folder),
  });
}
