import { supplierChoice } from '@portal/domain/schemas/enquiry';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** The active supplier companies a customer may address a release to. */
export const enquirySuppliersQuery = queryOptions({
  queryKey: ['enquiry-suppliers'],
  queryFn: ({ signal }) => api.get('/enquiry/suppliers', z.array(supplierChoice), undefined, signal),
  staleTime: 60_000,
});

export function useEnquirySuppliers(enabled: boolean) {
  return useQuery({ ...enquirySuppliersQuery, enabled });
}
