import { enquiryResponse } from '@portal/domain/schemas/enquiry';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiryQueryKey } from './get-enquiry';

/** SPEC §7 POST /enquiry/copy: a new draft "Kopie von …" with every field and copies of the files. */
export function useCopyEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/enquiry/copy', undefined, enquiryResponse, { id }),
    onSuccess: (copy) => {
      queryClient.setQueryData(enquiryQueryKey(copy.id), copy);
      void queryClient.invalidateQueries({ queryKey: ['enquiries'] });
    },
  });
}
