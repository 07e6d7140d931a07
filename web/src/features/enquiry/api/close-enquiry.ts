import { enquiryResponse } from '@portal/domain/schemas/enquiry';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiryQueryKey } from './get-enquiry';

/** SPEC §4: the customer closes a released enquiry (no new offers) or reopens it (closed false). */
export function useCloseEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ enquiryId, close }: { enquiryId: string; close: boolean }) =>
      close
        ? api.post('/enquiry/close', { enquiryId }, enquiryResponse)
        : api.get('/enquiry/reopen', enquiryResponse, { enquiryId }),
    onSuccess: (enquiry) => {
      queryClient.setQueryData(enquiryQueryKey(enquiry.id), enquiry);
      void queryClient.invalidateQueries({ queryKey: ['enquiries'] });
    },
  });
}
