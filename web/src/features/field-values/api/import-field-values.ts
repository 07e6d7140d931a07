import { importResult } from '@portal/domain/schemas/field-value';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fieldValueKeys } from './field-value-kind';

/** SPEC §7 CSV import (multipart field `file`); all rows or none. */
export function useImportFieldValues(base: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post(`/${base}/import`, body, importResult);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldValueKeys.all(base) }),
  });
}
