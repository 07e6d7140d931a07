import { bomLine } from '@portal/domain/schemas/bom';
import type { EnquiryBomLineUpdateBody } from '@portal/domain/schemas/bom-lines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshEnquiryBomLines } from './refresh-enquiry-bom';

/** POST /enquiry/bom/line/update: the customer's correction of a line; the answer is the line matched again. */
export function useUpdateEnquiryBomLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnquiryBomLineUpdateBody) => api.post('/enquiry/bom/line/update', body, bomLine),
    onSuccess: (_line, { enquiryId }) => refreshEnquiryBomLines(queryClient, enquiryId),
  });
}
