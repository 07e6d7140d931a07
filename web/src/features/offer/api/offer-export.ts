import type { OfferExportKind } from '@portal/domain/schemas/offer';
import { downloadFile } from '../../../lib/download';

export type OfferExportFormat = 'xlsx' | 'csv';

/** GET /offer/export: one of the four BOM exports of SPEC §3 as Excel or CSV, under the server's file name. */
export function downloadOfferExport(offerId: string, kind: OfferExportKind, format: OfferExportFormat) {
  const query = new URLSearchParams({ offerId, kind, format });
  return downloadFile(`/offer/export?${query}`, `${kind}.${format}`);
}

/** GET /offer/download: "Herunterladen", the generated BOM, production BOM and sum BOM in one ZIP. */
export function downloadOfferZip(offerId: string, fallbackName: string) {
  return downloadFile(`/offer/download?${new URLSearchParams({ offerId })}`, fallbackName);
}
