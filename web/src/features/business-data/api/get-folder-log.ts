import { folderLogPage } from '@portal/domain/schemas/business-data';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FOLDER_API, folderLogKey } from './folder-keys';

/** GET /log: the folder's access log, newest first, one page. */
export function useFolderLog(params: { folderId: string; page: number; paginationSize: number }) {
  return useQuery({
    queryKey: [...folderLogKey(params.folderId), params.page, params.paginationSize],
    queryFn: ({ signal }) => api.get(`${FOLDER_API}/log`, folderLogPage, { ...params }, signal),
    placeholderData: keepPreviousData,
  });
}
