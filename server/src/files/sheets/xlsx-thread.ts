import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SpreadsheetTooLargeError, WrongFormatError } from './sheet-source';
import type { XlsxChunk, XlsxOptions } from './xlsx-rows';

/** What the worker (`xlsx-worker.ts`) sends: a chunk, the end, or why it could not read the file. */
export type WorkerMessage = { chunk: XlsxChunk } | { done: true } | { error: string; tooLarge: boolean };

/** Chunks on their way from the worker: the next ones are read while the import handles the current one. */
const CREDITS = 2;

/**
 * In the built server the worker is the bundle `xlsx-worker.js` next to `main.js`; from the TypeScript
 * sources (tests, `npm run dev`, bench) it is the source through tsx's require hook, because a worker on
 * Node 20 does not inherit the loader that runs the sources on the main thread.
 */
function startWorker(workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./xlsx-worker.js', import.meta.url), { workerData });
  }
  const tsx = JSON.stringify(createRequire(import.meta.url).resolve('tsx/cjs/api'));
  const entry = JSON.stringify(fileURLToPath(new URL('./xlsx-worker.ts', import.meta.url)));
  return new Worker(`require(${tsx}).require(${entry}, ${entry});`, { eval: true, workerData });
}

/** readXlsxRows on a worker thread; ending early (header row found) ends the thread. */
export async function* readXlsxInWorker(path: string, options: XlsxOptions): AsyncGenerator<XlsxChunk> {
  const worker = startWorker({ path, options, credits: CREDITS });
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
