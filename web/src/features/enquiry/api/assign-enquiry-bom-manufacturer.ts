import {
  type EnquiryBomManufacturerNameBody,
  enquiryBomManufacturerNameResponse,
} from '@portal/domain/schemas/bom-lines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshEnquiryBomLines } from './refresh-enquiry-bom';

/**
 * POST /enquiry/bom/manufacturer-names: on the customer's draft, the lines written with an unknown
 * manufacturer name take a manufacturer and are matched again; the lines (with their unknown names), the
 * estimate and the BOM's counts are read again.
 */
export function useAssignEnquiryBomManufacturer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnquiryBomManufacturerNameBody) =>
      api.post('/enquiry/bom/manufacturer-names', body, enquiryBomManufacturerNameResponse),
    onSuccess: (_answer, { enquiryId }) => refreshEnquiryBomLines(queryClient, enquiryId),
  });
}
