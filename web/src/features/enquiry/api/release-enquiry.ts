import { type EnquiryRecipients, enquiryResponse } from '@portal/domain/schemas/enquiry';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiryQueryKey } from './get-enquiry';

/** SPEC §4 release (to all active suppliers or to the chosen ones); 422 names what is missing. */
export function useReleaseEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ enquiryId, recipients }: { enquiryId: string; recipients: EnquiryRecipients }) =>
      api.post('/enquiry/release', { enquiryId, recipients }, enquiryResponse),
    onSuccess: (enquiry) => {
      queryClient.setQueryData(enquiryQueryKey(enquiry.id), enquiry);
      void queryClient.invalidateQueries({ queryKey: ['enquiries'] });
    },
  });
}
