import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** SPEC §7 GET /file/?path=…: downloads one export result under its own name. */
export function useDownloadExportFile() {
  return useMutation({
    mutationFn: (file: { path: string; name: string }) =>
      downloadFile(`/file/?path=${encodeURIComponent(file.path)}`, file.name),
  });
}
