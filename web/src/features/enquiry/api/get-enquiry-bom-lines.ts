import { bomLinesPage, bomSummedResponse, unknownBomManufacturers } from '@portal/domain/schemas/bom-lines';
import { api } from '../../../lib/api-client';
import type { BomLinesSource } from '../../bom';

/** Every query about the lines of an enquiry's BOM (page, summed) starts with this key. */
export const enquiryBomLinesKey = (enquiryId: string) => ['enquiry-bom', enquiryId, 'lines'] as const;

/**
 * The enquiry's BOM for the shared tables: GET /enquiry/bom/lines (page, sort, status filter) and
 * GET /enquiry/bom/summed, and its unknown manufacturer names (GET /enquiry/bom/manufacturer-names).
 */
export const enquiryBomLinesSource = (enquiryId: string): BomLinesSource => ({
  queryKey: enquiryBomLinesKey(enquiryId),
  fetchPage: (query, signal) => api.get('/enquiry/bom/lines', bomLinesPage, { ...query, enquiryId }, signal),
  fetchSummed: (signal) => api.get('/enquiry/bom/summed', bomSummedResponse, { enquiryId }, signal),
  fetchUnknownManufacturers: (signal) =>
    api.get('/enquiry/bom/manufacturer-names', unknownBomManufacturers, { enquiryId }, signal),
});
