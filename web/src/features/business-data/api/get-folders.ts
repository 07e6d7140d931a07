import { folderListPage } from '@portal/domain/schemas/business-data';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FOLDER_API, folderListKey } from './folder-keys';

export interface FolderListParams {
  page: number;
  paginationSize: number;
  /** Reference or offer number (part of it). */
  search?: string;
}

/** GET /list: the folders the user may open (their company's offers and those shared with them). */
export const foldersQuery = (params: FolderListParams) =>
  queryOptions({
    queryKey: [...folderListKey, params],
    queryFn: ({ signal }) => api.get(`${FOLDER_API}/list`, folderListPage, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export function useFolders(params: FolderListParams) {
  return useQuery(foldersQuery(params));
}
