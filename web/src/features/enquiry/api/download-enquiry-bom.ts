import { downloadFile } from '../../../lib/download';

/** GET /enquiry/bom/?enquiryId=: the original BOM file under its name. */
export function downloadEnquiryBom(enquiryId: string, bomFileName: string) {
  return downloadFile(`/enquiry/bom/?enquiryId=${encodeURIComponent(enquiryId)}`, bomFileName);
}
