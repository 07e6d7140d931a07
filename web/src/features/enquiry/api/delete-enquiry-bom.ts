import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiryQueryKey } from './get-enquiry';
import { enquiryBomQueryKey } from './get-enquiry-bom';

/** POST /enquiry/bom/delete: removes the BOM of a draft (a released enquiry keeps it: 409). */
export function useDeleteEnquiryBom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enquiryId: string) => api.post('/enquiry/bom/delete', { enquiryId }),
    onSuccess: (_result, enquiryId) => queryClient.setQueryData(enquiryBomQueryKey(enquiryId), null),
    onSettled: (_result, error, enquiryId) => {
      void queryClient.invalidateQueries({ queryKey: enquiryQueryKey(enquiryId) });
      if (error) void queryClient.invalidateQueries({ queryKey: enquiryBomQueryKey(enquiryId) });
    },
  });
}
