import { type FolderDefaults, folderDefaults } from '@portal/domain/schemas/business-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FOLDER_API, folderDefaultsKey } from './folder-keys';

/** GET /defaults: the operator's default runtime of an invitation per company type (days, null: none). */
export function useFolderDefaults() {
  return useQuery({
    queryKey: folderDefaultsKey,
    queryFn: ({ signal }) => api.get(`${FOLDER_API}/defaults`, folderDefaults, undefined, signal),
    retry: false,
  });
}

/** POST /defaults. */
export function useSaveFolderDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FolderDefaults) => api.post(`${FOLDER_API}/defaults`, body, folderDefaults),
    onSuccess: (saved) => queryClient.setQueryData(folderDefaultsKey, saved),
  });
}
