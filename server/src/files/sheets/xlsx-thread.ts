import { messagesOf, startWorker } from '../../threads/start-worker';
import { SpreadsheetTooLargeError, WrongFormatError } from './sheet-source';
import type { XlsxChunk, XlsxOptions } from './xlsx-rows';

/** What the worker (`xlsx-worker.ts`) sends: a chunk, the end, or why it could not read the file. */
export type WorkerMessage = { chunk: XlsxChunk } | { done: true } | { error: string; tooLarge: boolean };

/** Chunks on their way from the worker: the next ones are read while the import handles the current one. */
const CREDITS = 2;

/** readXlsxRows on a worker thread; ending early (header row found) ends the thread. */
export async function* readXlsxInWorker(path: string, options: XlsxOptions): AsyncGenerator<XlsxChunk> {
  const worker = startWorker('xlsx-worker.js', new URL('./xlsx-worker.ts', import.meta.url), {
    path,
    options,
    credits: CREDITS,
  });
  try {
    for await (const message of messagesOf<WorkerMessage>(
      worker,
      'Der Lesevorgang der Excel-Datei wurde unerwartet beendet.',
    )) {
      if ('done' in message) return;
      if ('error' in message) {
        throw message.tooLarge
          ? new SpreadsheetTooLargeError(message.error)
          : new WrongFormatError(message.error);
      }
      worker.postMessage('weiter');
      yield message.chunk;
    }
  } finally {
    await worker.terminate();
  }
}
