import { EXPORT_RESULT_FOLDER } from '@portal/domain/schemas/article';
import { fileNamesResponse } from '@portal/domain/schemas/file';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const exportFilesQueryKey = ['files', EXPORT_RESULT_FOLDER] as const;

/** SPEC §7 GET /file/names?path=exportResult/: the finished exports, newest first. */
export const exportFilesQuery = queryOptions({
  queryKey: exportFilesQueryKey,
  queryFn: ({ signal }) => api.get('/file/names', fileNamesResponse, { path: EXPORT_RESULT_FOLDER }, signal),
});

/** While an export runs, the list looks again every few seconds until the new file is there. */
export function useExportFiles(waitingFor: string | null) {
  return useQuery({
    ...exportFilesQuery,
    refetchInterval: (query) =>
      waitingFor && !query.state.data?.some((file) => file.name === waitingFor) ? 3000 : false,
  });
}
