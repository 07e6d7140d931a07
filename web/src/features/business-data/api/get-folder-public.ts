import { folderPublicInfo } from '@portal/domain/schemas/business-data';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FOLDER_API } from './folder-keys';

/** GET /public?folderId: whether anonymous visitors may ask for the folder at all. */
export function useFolderPublicInfo(folderId: string) {
  return useQuery({
    queryKey: ['business-data', 'public', folderId],
    queryFn: ({ signal }) => api.get(`${FOLDER_API}/public`, folderPublicInfo, { folderId }, signal),
    retry: false,
  });
}
