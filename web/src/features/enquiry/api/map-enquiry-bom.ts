import { type EnquiryBomMapBody, enquiryBom } from '@portal/domain/schemas/bom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiryQueryKey } from './get-enquiry';
import { enquiryBomQueryKey } from './get-enquiry-bom';
import { refreshEnquiryBomLines } from './refresh-enquiry-bom';

/** POST /enquiry/bom/map: saves the mapping the customer confirmed in the side panel (the lines are matched anew). */
export function useMapEnquiryBom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnquiryBomMapBody) => api.post('/enquiry/bom/map', body, enquiryBom),
    onSuccess: (bom) => {
      queryClient.setQueryData(enquiryBomQueryKey(bom.enquiryId), bom);
      void refreshEnquiryBomLines(queryClient, bom.enquiryId, { info: false });
    },
    onSettled: (_bom, _error, { enquiryId }) =>
      queryClient.invalidateQueries({ queryKey: enquiryQueryKey(enquiryId) }),
  });
}
