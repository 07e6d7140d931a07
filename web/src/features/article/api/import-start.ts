import { importStatusResponse } from '@portal/domain/schemas/article-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * SPEC §7 POST /article/import (multipart: importConfigId first, then the file, which streams). A catalog
 * file (BMEcat, DATANORM) is sent without configuration.
 */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ importConfigId, file }: { importConfigId: string | null; file: File }) => {
      const form = new FormData();
      if (importConfigId) form.append('importConfigId', importConfigId);
      form.append('file', file, file.name);
      return api.post('/article/import', form, importStatusResponse);
    },
    onSuccess: (status) => queryClient.setQueryData(['article-import'], status),
  });
}
