/** Addresses the browser opens itself (downloads stream, the PDF viewer reads), and the public link. */

const BASE = '/api/offer/businessdata';

/** GET /file: one file; `inline` shows a PDF in the page instead of saving it. */
export function folderFileUrl(folderId: string, itemId: string, inline = false): string {
  const params = new URLSearchParams({ folderId, itemId });
  if (inline) params.set('inline', 'true');
  return `${BASE}/file?${params.toString()}`;
}

/** GET /zip: the chosen files in one streamed ZIP. */
export function folderZipUrl(folderId: string, itemIds: readonly string[]): string {
  const params = new URLSearchParams({ folderId, itemIds: itemIds.join(',') });
  return `${BASE}/zip?${params.toString()}`;
}

/** The one file → its own download, several → the ZIP (SPEC §2 bulk download). */
export function folderDownloadUrl(folderId: string, itemIds: readonly string[]): string {
  return itemIds.length === 1 ? folderFileUrl(folderId, itemIds[0]!) : folderZipUrl(folderId, itemIds);
}

/** SPEC §2: the public address of the folder that "Projektlink kopieren" puts on the clipboard. */
export function folderProjectLink(folderId: string): string {
  return `${window.location.origin}/business-data/${folderId}`;
}

/**
 * Starts a download through a plain link, so the browser streams the file to disk (a ZIP of a whole
 * folder never passes through memory) and sends the session or folder cookie by itself.
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
