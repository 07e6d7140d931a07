import { importHeaderResponse } from '@portal/domain/schemas/import-config';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /import/config/header: a new sample file, or the stored one, read at `headerRowIndex`; without a
 * row the server proposes one.
 */
export function useReadSampleHeaders() {
  return useMutation({
    mutationFn: ({
      file,
      samplePath,
      headerRowIndex,
    }: {
      file?: File;
      samplePath?: string;
      headerRowIndex?: number;
    }) => {
      const form = new FormData();
      if (headerRowIndex !== undefined) form.append('headerRowIndex', String(headerRowIndex));
      if (samplePath) form.append('samplePath', samplePath);
      if (file) form.append('file', file, file.name);
      return api.post('/import/config/header', form, importHeaderResponse);
    },
  });
}
