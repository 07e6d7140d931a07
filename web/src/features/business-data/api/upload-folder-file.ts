import { folderItem } from '@portal/domain/schemas/business-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FOLDER_API, folderQueryKey } from './folder-keys';

/** POST / multipart: the folderId field first, then the file (the server checks before it stores). */
export function useUploadFolderFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folderId, file }: { folderId: string; file: File }) => {
      const form = new FormData();
      form.append('folderId', folderId);
      form.append('file', file, file.name);
      return api.post(`${FOLDER_API}/`, form, folderItem);
    },
    onSettled: (_item, _error, { folderId }) =>
      queryClient.invalidateQueries({ queryKey: folderQueryKey(folderId) }),
  });
}
