import { parentPort, workerData } from 'node:worker_threads';
import { SpreadsheetTooLargeError, WrongFormatError } from '../../files/sheets/sheet-source';
import { ImportFailure } from './import-types';
import { readStagedPieces } from './stage-reader';
import type { FromMain, StageJob, ToMain } from './stage-thread';

/**
 * Entry of the worker thread that reads a catalog file and turns its rows into COPY text (started by
 * stage-thread.ts; its own bundle in the built server). Reading, mapping and checking a million rows is
 * the import's largest share of CPU: here it runs beside the thread that COPYs the rows into the database
 * and answers requests. A piece is sent only against a credit, so at most a few pieces wait in memory.
 * Names are resolved by the main thread (it holds the database): the worker asks once per new name.
 */
const job = workerData as StageJob;
const port = parentPort!;
let credits = job.credits;
let wake: (() => void) | null = null;
let lookupId = 0;
const lookups = new Map<number, (rows: { key: string; id: string }[]) => void>();

port.on('message', (message: FromMain) => {
  if (message.kind === 'credit') {
    credits++;
    wake?.();
    wake = null;
  } else {
    lookups.get(message.id)?.(message.rows);
    lookups.delete(message.id);
  }
});

const send = (message: ToMain) => port.postMessage(message);

async function main() {
  const pieces = readStagedPieces(
    job,
    (names, keys) =>
      new Promise((resolve) => {
        const id = ++lookupId;
        lookups.set(id, resolve);
        send({ kind: 'lookup', id, names, keys });
      }),
  );
  for await (const piece of pieces) {
    while (credits === 0) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    if (piece.kind === 'rows') credits--;
    send(piece);
  }
  send({ kind: 'done' });
}

main().catch((error: unknown) => {
  const failure =
    error instanceof ImportFailure
      ? 'import'
      : error instanceof SpreadsheetTooLargeError
        ? 'tooLarge'
        : error instanceof WrongFormatError
          ? 'format'
          : 'other';
  send({ kind: 'error', failure, message: (error as Error).message, stack: (error as Error).stack ?? '' });
});
