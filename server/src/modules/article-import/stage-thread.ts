import { stat } from 'node:fs/promises';
import type { FieldMapping, ImportField, ImportUnits } from '@portal/domain/rules/import-mapping';
import type { DbOrTx } from '../../db/client';
import { manufacturerNames, unitNames } from '../../db/schema';
import type { CatalogFormat } from '../../files/catalogs';
import { SpreadsheetTooLargeError, WrongFormatError } from '../../files/sheets/sheet-source';
import { messagesOf, startWorker } from '../../threads/start-worker';
import { findItemIdsByNameKeys } from './import-names.repository';
import { ImportFailure } from './import-types';
import type { PreparedRows } from './row-preparer';
import { type ReadPiece, readStagedPieces } from './stage-reader';

/** What the worker (`stage-worker.ts`) is given: the file and what of the configuration reading needs. */
export interface StageJob {
  path: string;
  fileName: string;
  chunkRows: number;
  credits: number;
  /** A catalog file read without mapping (files/catalogs); null for a spreadsheet read with `config`. */
  catalog: CatalogFormat | null;
  config: {
    headerRowIndex: number;
    fieldMapping: FieldMapping[];
    units: ImportUnits;
    manufacturerId: string | null;
  };
}

export type NamesKind = 'manufacturers' | 'units';

/** A piece of prepared rows: `read` data rows of the file up to `lastLine`, `progress` the share of the file read. */
export type StagedPiece = PreparedRows & { read: number; progress: number };

export type ToMain =
  | { kind: 'header'; fields: ImportField[] }
  | ({ kind: 'rows' } & StagedPiece)
  | { kind: 'lookup'; id: number; names: NamesKind; keys: string[] }
  | { kind: 'done' }
  | { kind: 'error'; failure: 'import' | 'format' | 'tooLarge' | 'other'; message: string; stack: string };

export type FromMain =
  | { kind: 'credit' }
  | { kind: 'lookup'; id: number; rows: { key: string; id: string }[] };

/** Pieces on their way from the worker: the next ones are prepared while the current one is COPYed. */
const CREDITS = 4;

/** The worker's failure as the error the reading thread would have thrown. */
function failureOf(message: Extract<ToMain, { kind: 'error' }>): Error {
  switch (message.failure) {
    case 'import':
      return new ImportFailure(message.message);
    case 'tooLarge':
      return new SpreadsheetTooLargeError(message.message);
    case 'format':
      return new WrongFormatError(message.message);
    default: {
      const error = new Error(message.message);
      error.stack = message.stack;
      return error;
    }
  }
}

const lookupNames = (db: DbOrTx, names: NamesKind, keys: string[]) =>
  findItemIdsByNameKeys(db, names === 'manufacturers' ? manufacturerNames : unitNames, keys);

/** Files from this size on are read on the worker thread: below it, starting the thread costs more than it saves. */
export const WORKER_FROM_BYTES = 1024 * 1024;

/**
 * The reader thread's heap limit (MB), far above what reading needs: the shared strings of the largest .xlsx
 * allowed (256 MB, files/sheets/unpack-limits.ts) and the duplicate check of a million articles. V8 lets a heap
 * grow to up to 4 times what lives in it when its limit is 2 GB or more (the default here is some 4 GB),
 * to 1.6 times below 1 GB: reading a BMEcat of 100,000 products left 170–200 MB of heap with 40–70 MB alive,
 * 95 MB with this limit (bench/README.md "Wer die Spitze hält").
 */
export const READER_HEAP_MB = 1024;

/** Where a file is read: on the worker thread from `fromBytes` on, with a heap of `heapMb`. */
export interface ReaderThread {
  fromBytes?: number;
  heapMb?: number;
}
/** Rows read at a time in the server's own thread: the import turns the event loop between pieces. */
const IN_THREAD_ROWS = 250;

/**
 * The file read, mapped and checked: a large one on a worker thread (prepareInWorker), a small one in the
 * server's thread in pieces of IN_THREAD_ROWS. The same reading (stage-reader.ts) either way.
 */
export async function* readPieces(
  db: DbOrTx,
  job: Omit<StageJob, 'credits'>,
  { fromBytes = WORKER_FROM_BYTES, heapMb = READER_HEAP_MB }: ReaderThread = {},
): AsyncGenerator<ReadPiece> {
  if ((await stat(job.path)).size >= fromBytes) {
    yield* prepareInWorker(db, job, heapMb);
    return;
  }
  const small = { ...job, chunkRows: Math.min(job.chunkRows, IN_THREAD_ROWS) };
  yield* readStagedPieces(small, (names, keys) => lookupNames(db, names, keys));
}

/**
 * The file read, mapped and checked on a worker thread: yields the header's mapped fields once, then pieces
 * of prepared rows in file order. Names the worker asks for are looked up in `db` here. Ending early (an
 * abort, a failed COPY) ends the thread.
 */
export async function* prepareInWorker(
  db: DbOrTx,
  job: Omit<StageJob, 'credits'>,
  heapMb = READER_HEAP_MB,
): AsyncGenerator<ReadPiece> {
  const worker = startWorker(
    'article-import-worker.js',
    new URL('./stage-worker.ts', import.meta.url),
    { ...job, credits: CREDITS },
    { maxOldGenerationSizeMb: heapMb },
  );
  const reply = (message: FromMain) => worker.postMessage(message);
  try {
    for await (const message of messagesOf<ToMain>(
      worker,
      'Das Lesen der Importdatei wurde unerwartet beendet.',
    )) {
      switch (message.kind) {
        case 'lookup':
          reply({ kind: 'lookup', id: message.id, rows: await lookupNames(db, message.names, message.keys) });
          break;
        case 'error':
          throw failureOf(message);
        case 'done':
          return;
        case 'rows':
          reply({ kind: 'credit' });
          yield message;
          break;
        default:
          yield message;
      }
    }
  } catch (error) {
    // The thread ended at its heap limit; the server goes on.
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new ImportFailure(
        `Die Datei braucht zum Lesen mehr als ${heapMb} MB Arbeitsspeicher. Bitte teilen Sie den Katalog auf mehrere Dateien auf.`,
      );
    }
    throw error;
  } finally {
    await worker.terminate();
  }
}
