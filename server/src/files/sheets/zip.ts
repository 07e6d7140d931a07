import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { WrongFormatError } from './sheet-source';

/**
 * The zip container of an .xlsx, read with yauzl: a maintained reader hardened for hostile archives (zip64,
 * data descriptors, entries pointing outside the file, an entry that unpacks to more than its directory
 * record says is cut off with an error). The limits on what may be unpacked are in `unpack-limits.ts`.
 */
export type { Entry as ZipEntry };

/** More parts than any workbook has (Excel writes a few dozen): a directory that long is not a workbook. */
const MAX_ENTRIES = 10_000;

const damaged = () => new WrongFormatError('Die Excel-Datei ist beschädigt und kann nicht gelesen werden.');

export interface ZipArchive {
  /** The archive's entries by name, from its central directory. */
  entries: ReadonlyMap<string, Entry>;
  /** The unpacked content of an entry as a stream; it fails when the content is not what the directory says. */
  open(entry: Entry): Promise<Readable>;
  /** Resolves once the file is closed (streams still open keep it open until they end or are destroyed). */
  close(): Promise<void>;
}

function closeZipFile(zip: ZipFile): Promise<void> {
  if (!zip.isOpen) return Promise.resolve();
  return new Promise((resolve) => {
    zip.once('close', () => resolve());
    zip.close();
  });
}

function openZipFile(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(new WrongFormatError('Die Datei ist keine gültige Excel-Datei (.xlsx).')) : resolve(zip),
    );
  });
}

function readDirectory(zip: ZipFile): Promise<Map<string, Entry>> {
  if (zip.entryCount > MAX_ENTRIES) return Promise.reject(damaged());
  const entries = new Map<string, Entry>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(damaged()));
    zip.readEntry();
  });
}

/** Opens a zip file and reads its directory; throws WrongFormatError for anything that is not a zip file. */
export async function openZip(path: string): Promise<ZipArchive> {
  const zip = await openZipFile(path);
  try {
    const entries = await readDirectory(zip);
    return {
      entries,
      open: (entry) =>
        new Promise((resolve, reject) => {
          zip.openReadStream(entry, (error, stream) => {
            if (error) reject(damaged());
            else resolve(stream);
          });
        }),
      close: () => closeZipFile(zip),
    };
  } catch (error) {
    await closeZipFile(zip);
    throw error;
  }
}

/** Runs `work` on the opened archive and closes it afterwards. */
export async function withZip<T>(path: string, work: (zip: ZipArchive) => Promise<T>): Promise<T> {
  const zip = await openZip(path);
  try {
    return await work(zip);
  } finally {
    await zip.close();
  }
}
