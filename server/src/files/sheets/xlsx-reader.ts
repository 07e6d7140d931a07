import type { SheetSource } from './sheet-source';
import { UNPACK_LIMITS, type UnpackLimits } from './unpack-limits';
import { asWrongFormat, locateParts, readXlsxRows, type XlsxChunk } from './xlsx-rows';
import { readXlsxInWorker } from './xlsx-thread';
import { withZip } from './zip';

/**
 * Sheets from this unpacked size on are parsed on a worker thread: the import's thread meanwhile checks and
 * copies the rows already read (two cores instead of one; XML parsing is most of the reading), and the
 * server's event loop stays free for requests. Smaller sheets are read here, cheaper than starting a thread.
 */
const WORKER_FROM_BYTES = 4 * 1024 * 1024;

export interface XlsxReaderOptions {
  chunkRows?: number;
  limits?: UnpackLimits;
  /** Rows after this one are not read (XlsxOptions.lastRow): always on this thread, the work is small. */
  lastRow?: number | undefined;
  /** Replaces WORKER_FROM_BYTES (tests). */
  workerFromBytes?: number;
}

/** SPEC §5 import format .xlsx, streamed. */
export async function openXlsx(path: string, options: XlsxReaderOptions = {}): Promise<SheetSource> {
  const settings = {
    chunkRows: options.chunkRows ?? 5000,
    limits: options.limits ?? UNPACK_LIMITS,
    lastRow: options.lastRow,
  };
  // Refuses a hostile or broken file at once (the header check runs while the person waits).
  const { sheet } = await withZip(path, (zip) => locateParts(zip, settings.limits)).catch(
    (error: unknown) => {
      throw asWrongFormat(error);
    },
  );
  const inWorker =
    options.lastRow === undefined && sheet.uncompressedSize >= (options.workerFromBytes ?? WORKER_FROM_BYTES);
  let unpacked = 0;
  let estimated: number | null = null;

  async function* chunks() {
    const source: AsyncGenerator<XlsxChunk> = inWorker
      ? readXlsxInWorker(path, settings)
      : readXlsxRows(path, settings);
    for await (const chunk of source) {
      unpacked = chunk.unpacked;
      estimated = chunk.estimatedRows;
      yield chunk.rows;
    }
  }

  return {
    chunks,
    progress: () => (sheet.uncompressedSize === 0 ? 1 : Math.min(1, unpacked / sheet.uncompressedSize)),
    estimatedRows: () => estimated,
  };
}
