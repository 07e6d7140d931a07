import type { QueryClient } from '@tanstack/react-query';
import { enquiryBomQueryKey } from './get-enquiry-bom';
import { enquiryBomEstimateKey } from './get-enquiry-bom-estimate';
import { enquiryBomLinesKey } from './get-enquiry-bom-lines';

/**
 * After the BOM's lines changed (mapping saved, a line edited, an article assigned): the lines, the summed BOM
 * and the estimate are stale, and so are the counts of the BOM's info (unless the caller just set them).
 */
export function refreshEnquiryBomLines(
  queryClient: QueryClient,
  enquiryId: string,
  { info = true }: { info?: boolean } = {},
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: enquiryBomLinesKey(enquiryId) }),
    queryClient.invalidateQueries({ queryKey: enquiryBomEstimateKey(enquiryId) }),
    info ? queryClient.invalidateQueries({ queryKey: enquiryBomQueryKey(enquiryId), exact: true }) : null,
  ]);
}
