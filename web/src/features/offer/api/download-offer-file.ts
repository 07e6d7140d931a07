import { downloadFile } from '../../../lib/download';

/** One file of the offer, under its name. */
export function downloadOfferFile(offerId: string, file: { id: string; filename: string }) {
  return downloadFile(
    `/offer/${encodeURIComponent(offerId)}/file/${encodeURIComponent(file.id)}`,
    file.filename,
  );
}

/** One file of the offer's enquiry, as the offer's reader may see it. */
export function downloadOfferEnquiryFile(offerId: string, file: { id: string; filename: string }) {
  return downloadFile(
    `/offer/${encodeURIComponent(offerId)}/enquiry-file/${encodeURIComponent(file.id)}`,
    file.filename,
  );
}
