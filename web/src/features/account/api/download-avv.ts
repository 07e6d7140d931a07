import { errorMessage } from '@portal/domain/errors';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';

/** Offers a downloaded file to the browser under `fileName`. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** SPEC §7 GET /legal/avv: the data processing agreement as `AVV.pdf`. */
export function useDownloadAvv() {
  return useMutation({
    mutationFn: async () => {
      const response = await fetch('/api/legal/avv', { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
        const code = body.code ?? 'INTERNAL';
        throw new ApiError(response.status, code, body.message ?? errorMessage(code));
      }
      saveFile(await response.blob(), 'AVV.pdf');
    },
  });
}
