import { type FolderShareBody, folderShareResponse } from '@portal/domain/schemas/business-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FOLDER_API, folderQueryKey } from './folder-keys';

/** POST /share: new visibility entries; an e-mail without an account is invited as an external user. */
export function useShareFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FolderShareBody) => api.post(`${FOLDER_API}/share`, body, folderShareResponse),
    onSettled: (_entries, _error, { folderId }) =>
      queryClient.invalidateQueries({ queryKey: folderQueryKey(folderId) }),
  });
}

/** POST /share/delete: removes one e-mail's entry. */
export function useUnshareFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { folderId: string; email: string }) => api.post(`${FOLDER_API}/share/delete`, body),
    onSettled: (_result, _error, { folderId }) =>
      queryClient.invalidateQueries({ queryKey: folderQueryKey(folderId) }),
  });
}
