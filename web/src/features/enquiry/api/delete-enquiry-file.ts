import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiryQueryKey } from './get-enquiry';

/** Deletes a file of a draft (a released enquiry keeps its files). */
export function useDeleteEnquiryFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { enquiryId: string; fileId: string }) => api.post('/enquiry/file/delete', body),
    onSettled: (_result, _error, { enquiryId }) =>
      queryClient.invalidateQueries({ queryKey: enquiryQueryKey(enquiryId) }),
  });
}
