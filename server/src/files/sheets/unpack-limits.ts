import { SpreadsheetTooLargeError } from './sheet-source';
import type { ZipEntry } from './zip';

/**
 * How much an .xlsx may unpack to (ASVS 5.2.3, zip bombs). Checked on the sizes of the zip directory before
 * anything is unpacked; yauzl then fails an entry whose content is longer than its directory record says, so
 * the checked sizes are the real ones. Only the parts the import reads count (workbook, its relations, shared
 * strings, the first sheet); images, styles and further sheets are never unpacked.
 *
 * - 1 GB unpacked in all: a sheet of Excel's maximum of 1,048,576 rows with 16 columns is ~700 MB of XML;
 *   the bench's 100,000-row catalog (24 MB file) is 71 MB and reads in about 3 s. Reading is linear in the
 *   unpacked size (bench/README.md), so 1 GB takes under a minute.
 * - 256 MB of shared strings: they are held in memory while the sheet is read (RSS budget 512 MB); the
 *   100,000-row catalog has 13 MB of them.
 * - 100:1 unpacked to packed for a part over 1 MB, Apache POI's default (`ZipSecureFile`, min. inflate ratio
 *   0.01). Spreadsheet XML packs about 3:1 to 16:1 (bench files; 16:1 for rows of repeated empty styled cells,
 *   row numbers keep it from packing tighter); deflate's maximum is ~1,030:1, which is what bombs use.
 * The texts name the limits; the API answers them as SPREADSHEET_TOO_LARGE (417, domain/errors.ts).
 */
export interface UnpackLimits {
  maxUnpackedBytes: number;
  maxSharedStringsBytes: number;
  maxRatio: number;
}

export const UNPACK_LIMITS: UnpackLimits = {
  maxUnpackedBytes: 1024 ** 3,
  maxSharedStringsBytes: 256 * 1024 ** 2,
  maxRatio: 100,
};

/** Small parts may pack tighter (a short sheet of empty cells): the ratio only counts above this size. */
const RATIO_GRACE_BYTES = 1024 ** 2;

const ADVICE = 'Bitte teilen Sie den Katalog auf mehrere Dateien auf oder speichern Sie ihn als CSV-Datei.';

function megabytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${Math.round(bytes / 1024 ** 3)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}

/** Throws SpreadsheetTooLargeError when `parts` (and `sharedStrings` among them) would unpack beyond `limits`. */
export function checkUnpackLimits(
  parts: readonly ZipEntry[],
  sharedStrings: ZipEntry | undefined,
  limits: UnpackLimits,
): void {
  for (const part of parts) {
    const ratio = part.uncompressedSize / Math.max(1, part.compressedSize);
    if (part.uncompressedSize > RATIO_GRACE_BYTES && ratio > limits.maxRatio) {
      throw new SpreadsheetTooLargeError(
        `Die Excel-Datei ist ungewöhnlich stark komprimiert (entpackt mehr als ${limits.maxRatio}-mal so groß) und wird zum Schutz des Portals nicht gelesen. ${ADVICE}`,
      );
    }
  }
  if (sharedStrings && sharedStrings.uncompressedSize > limits.maxSharedStringsBytes) {
    throw new SpreadsheetTooLargeError(
      `Die Texte der Excel-Datei sind entpackt größer als ${megabytes(limits.maxSharedStringsBytes)}. ${ADVICE}`,
    );
  }
  const total = parts.reduce((sum, part) => sum + part.uncompressedSize, 0);
  if (total > limits.maxUnpackedBytes) {
    throw new SpreadsheetTooLargeError(
      `Die Excel-Datei ist entpackt größer als ${megabytes(limits.maxUnpackedBytes)}. ${ADVICE}`,
    );
  }
}
