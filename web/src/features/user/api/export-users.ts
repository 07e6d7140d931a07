import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** Downloads the filtered user list with the visible columns as XLSX or CSV. */
export function useExportUsers() {
  return useMutation({
    mutationFn: ({
      format,
      search,
      companyId,
    }: {
      format: 'xlsx' | 'csv';
      search?: string;
      companyId?: string;
    }) => {
      const params = new URLSearchParams({ format });
      if (search) params.set('search', search);
      if (companyId) params.set('companyId', companyId);
      return downloadFile(`/user/export?${params}`, `Nutzer.${format}`);
    },
  });
}
