import { formatFileSize } from '../lib/format';
import i18n from '../lib/i18n';

/** Accepted extensions as shown to people: lower case with a leading dot (".xlsx"). */
export function normalizeExtensions(accept: string[]): string[] {
  return accept.map((extension) => {
    const lower = extension.trim().toLowerCase();
    return lower.startsWith('.') ? lower : `.${lower}`;
  });
}

/**
 * Null when the file may be uploaded, else the German reason. The extension is checked here (case-insensitive)
 * because browsers report different MIME types for .xls and .csv; an empty `accept` allows every type.
 */
export function checkFile(file: File, accept: string[], maxSize: number): string | null {
  const name = file.name.toLowerCase();
  const extensions = normalizeExtensions(accept);
  if (extensions.length > 0 && !extensions.some((extension) => name.endsWith(extension))) {
    return i18n.t('dropzone.rejectedType', { name: file.name });
  }
  if (file.size > maxSize) {
    return i18n.t('dropzone.rejectedSize', { name: file.name, size: formatFileSize(maxSize) });
  }
  return null;
}
