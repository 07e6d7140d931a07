import { type EnquiryBomHeaderBody, enquiryBom } from '@portal/domain/schemas/bom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiryBomQueryKey } from './get-enquiry-bom';

/** POST /enquiry/bom/header: reads the headers of another row and proposes a fresh mapping (nothing mapped). */
export function useChangeBomHeader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnquiryBomHeaderBody) => api.post('/enquiry/bom/header', body, enquiryBom),
    onSuccess: (bom) => queryClient.setQueryData(enquiryBomQueryKey(bom.enquiryId), bom),
  });
}
