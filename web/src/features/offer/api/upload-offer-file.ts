import type { FileType } from '@portal/domain/enums';
import { offerFile } from '@portal/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offerQueryKey } from './get-offer';

/** POST /offer/{id}/file: one file with its chosen type first, then the file (it streams). */
export function useUploadOfferFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, file, fileType }: { offerId: string; file: File; fileType: FileType }) => {
      const form = new FormData();
      form.append('fileType', fileType);
      form.append('file', file, file.name);
      return api.post(`/offer/${encodeURIComponent(offerId)}/file`, form, offerFile);
    },
    onSettled: (_file, _error, { offerId }) =>
      queryClient.invalidateQueries({ queryKey: offerQueryKey(offerId) }),
  });
}
