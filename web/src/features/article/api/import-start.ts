import { importStatusResponse } from '@portal/domain/schemas/article-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC §7 POST /article/import (multipart: importConfigId first, then the file, which streams). */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ importConfigId, file }: { importConfigId: string; file: File }) => {
      const form = new FormData();
      form.append('importConfigId', importConfigId);
      form.append('file', file, file.name);
      return api.post('/article/import', form, importStatusResponse);
    },
    onSuccess: (status) => queryClient.setQueryData(['article-import'], status),
  });
}
