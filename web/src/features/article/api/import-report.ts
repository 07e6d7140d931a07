import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** The German error report of an import run (CSV with the refused rows). */
export function useDownloadImportReport() {
  return useMutation({
    mutationFn: (runId: string) =>
      downloadFile(`/article/import/report?runId=${encodeURIComponent(runId)}`, 'Importfehler.csv'),
  });
}
