import { parentPort, workerData } from 'node:worker_threads';
import { SpreadsheetTooLargeError } from './sheet-source';
import { readXlsxRows, type XlsxOptions } from './xlsx-rows';
import type { WorkerMessage } from './xlsx-thread';

/**
 * Entry of the worker thread that reads an .xlsx (started by xlsx-thread.ts; its own bundle in the built
 * server). A chunk is sent only against a credit from the reading thread, so at most a few chunks wait.
 */
const {
  path,
  options,
  credits: initialCredits,
} = workerData as {
  path: string;
  options: XlsxOptions;
  credits: number;
};
const port = parentPort!;
let credits = initialCredits;
let wake: (() => void) | null = null;
port.on('message', () => {
  credits++;
  wake?.();
  wake = null;
});

const send = (message: WorkerMessage) => port.postMessage(message);

async function main() {
  try {
    for await (const chunk of readXlsxRows(path, options)) {
      while (credits === 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      credits--;
      send({ chunk });
    }
    send({ done: true });
  } catch (error) {
    send({ error: (error as Error).message, tooLarge: error instanceof SpreadsheetTooLargeError });
  }
}

void main();
