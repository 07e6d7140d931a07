import { enquiryBom } from '@portal/domain/schemas/bom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiryQueryKey } from './get-enquiry';
import { enquiryBomQueryKey } from './get-enquiry-bom';

/**
 * Uploads (or replaces) the BOM of a draft: multipart with enquiryId first, then the file (the server checks
 * the access before it stores a byte). Without a header row the server proposes one.
 */
export function useUploadEnquiryBom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ enquiryId, file }: { enquiryId: string; file: File }) => {
      const form = new FormData();
      form.append('enquiryId', enquiryId);
      form.append('file', file, file.name);
      return api.post('/enquiry/bom/upload', form, enquiryBom);
    },
    onSuccess: (bom) => queryClient.setQueryData(enquiryBomQueryKey(bom.enquiryId), bom),
    onSettled: (_bom, error, { enquiryId }) => {
      // The history names the upload; a 409 (released meanwhile) needs the fresh state.
      void queryClient.invalidateQueries({ queryKey: enquiryQueryKey(enquiryId) });
      if (error) void queryClient.invalidateQueries({ queryKey: enquiryBomQueryKey(enquiryId) });
    },
  });
}
