import { errorMessage } from '@portal/domain/errors';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';

/** The file name the server chose (Content-Disposition), with its UTF-8 form preferred. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8?.[1]) return decodeURIComponent(utf8[1]);
  const plain = /filename="([^"]+)"/i.exec(header);
  return plain?.[1] ?? fallback;
}

/** SPEC §7 CSV export: downloads the file the server writes (`GET /…/export`). */
export function useExportFieldValues(base: string) {
  return useMutation({
    mutationFn: async () => {
      const response = await fetch(`/api/${base}/export`, { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
        throw new ApiError(
          response.status,
          body.code ?? 'INTERNAL',
          body.message ?? errorMessage('INTERNAL'),
        );
      }
      const name = fileNameOf(response, `${base}.csv`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return name;
    },
  });
}
