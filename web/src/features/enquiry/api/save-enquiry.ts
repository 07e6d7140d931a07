import { type EnquiryBody, enquiryResponse } from '@portal/domain/schemas/enquiry';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiryQueryKey } from './get-enquiry';

/**
 * Creates a draft (no id) or updates one with the `lastUpdate` its form is based on (SPEC §8
 * CHANGED_MEANWHILE); the list and the record's cache are refreshed.
 */
export function useSaveEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, lastUpdate }: { id?: string; body: EnquiryBody; lastUpdate?: string }) =>
      id
        ? api.post('/enquiry/update', { ...body, id, lastUpdate }, enquiryResponse)
        : api.post('/enquiry/', body, enquiryResponse),
    onSuccess: (enquiry) => {
      queryClient.setQueryData(enquiryQueryKey(enquiry.id), enquiry);
      void queryClient.invalidateQueries({ queryKey: ['enquiries'] });
    },
  });
}
