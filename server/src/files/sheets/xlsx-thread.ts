import { startWorker } from '../../threads/start-worker';
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
  const queue: WorkerMessage[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: WorkerMessage) => {
    queue.push(message);
    notify();
  });
  worker.on('error', (error) => {
    failure = error;
    notify();
  });
  worker.on('exit', () => {
    failure ??= new Error('Der Lesevorgang der Excel-Datei wurde unerwartet beendet.');
    notify();
  });
  try {
    for (;;) {
      const message = queue.shift();
      if (!message) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
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
