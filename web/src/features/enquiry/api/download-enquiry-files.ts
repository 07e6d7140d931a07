import { PORTAL_REQUEST_HEADERS } from '@portal/domain/rules/portal-request';
import { ApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** One file of an enquiry, under its original name. */
export function downloadEnquiryFile(enquiryId: string, file: { id: string; filename: string }) {
  return downloadFile(
    `/enquiry/${encodeURIComponent(enquiryId)}/file/${encodeURIComponent(file.id)}`,
    file.filename,
  );
}

/** "Alle herunterladen": POST /file/all/enquiry answers one ZIP of every file of the enquiry. */
export async function downloadAllEnquiryFiles(enquiryId: string, fallbackName: string): Promise<void> {
  const response = await fetch('/api/file/all/enquiry', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { ...PORTAL_REQUEST_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ enquiryId }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(response.status, body.code ?? 'INTERNAL', body.message ?? 'Download fehlgeschlagen.');
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match?.[1] ? decodeURIComponent(match[1]) : fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
