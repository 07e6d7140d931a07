import { folderResponse } from '@portal/domain/schemas/business-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { FOLDER_API, folderQueryKey } from './folder-keys';

/**
 * GET /?folderId: the folder for the session or the folder cookie. 412 asks for the password (the gate),
 * 404 means there is nothing to see; neither is worth a retry.
 */
export const fetchFolder = (folderId: string, signal?: AbortSignal) =>
  api.get(`${FOLDER_API}/`, folderResponse, { folderId }, signal);

export const folderQuery = (folderId: string) =>
  queryOptions({
    queryKey: folderQueryKey(folderId),
    queryFn: ({ signal }) => fetchFolder(folderId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export function useFolder(folderId: string) {
  return useQuery(folderQuery(folderId));
}
