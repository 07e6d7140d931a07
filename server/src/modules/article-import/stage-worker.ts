import { parentPort, workerData } from 'node:worker_threads';
import { compileImportPlan } from '@portal/domain/rules/import-mapping';
import { openSheet } from '../../files/sheets/open-sheet';
import { SpreadsheetTooLargeError, WrongFormatError } from '../../files/sheets/sheet-source';
import { ImportFailure } from './import-types';
import { NameResolver } from './name-resolver';
import { RowPreparer, stagedFields } from './row-preparer';
import type { FromMain, NamesKind, StageJob, ToMain } from './stage-thread';

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

const resolver = (names: NamesKind) =>
  new NameResolver(
    (keys) =>
      new Promise((resolve) => {
        const id = ++lookupId;
        lookups.set(id, resolve);
        send({ kind: 'lookup', id, names, keys });
      }),
  );

async function credit() {
  while (credits === 0) {
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
  credits--;
}

async function main() {
  const { config } = job;
  const source = await openSheet(job.path, job.fileName, job.chunkRows);
  let preparer: RowPreparer | null = null;
  /** Lines seen before the header row was found (for the message when it never is). */
  let fileLines = 0;
  let lastLine = 0;
  for await (const chunk of source.chunks()) {
    let rows = chunk;
    if (!preparer) {
      const header = chunk.find((row) => row.line === config.headerRowIndex);
      fileLines = Math.max(fileLines, chunk.at(-1)?.line ?? 0);
      if (!header && (chunk.at(-1)?.line ?? 0) < config.headerRowIndex) continue;
      const compiled = compileImportPlan(header?.cells ?? [], config.fieldMapping, config.units);
      if (!compiled.ok) {
        const list = compiled.missingHeaders.map((name) => `„${name}“`).join(', ');
        throw new ImportFailure(
          `Die Datei passt nicht zur Importkonfiguration: In Zeile ${config.headerRowIndex} fehlt ${
            compiled.missingHeaders.length === 1 ? 'die Spalte' : 'die Spalten'
          } ${list}.`,
        );
      }
      const fields = compiled.plan.columns.map((column) => column.field);
      send({ kind: 'header', fields });
      preparer = new RowPreparer({
        plan: compiled.plan,
        fields: stagedFields(fields),
        manufacturers: resolver('manufacturers'),
        units: resolver('units'),
        defaultManufacturerId: config.manufacturerId,
      });
      rows = chunk.filter((row) => row.line > config.headerRowIndex);
    }
    const prepared = await preparer.prepare(rows);
    lastLine = Math.max(lastLine, prepared.lastLine, chunk.at(-1)?.line ?? 0);
    await credit();
    send({
      kind: 'rows',
      ...prepared,
      lastLine,
      read: rows.length,
      progress: source.progress(),
    });
  }
  if (!preparer) {
    throw new ImportFailure(
      fileLines === 0
        ? 'Die Datei ist leer.'
        : `Die Kopfzeile ${config.headerRowIndex} liegt hinter dem Ende der Datei: Die Datei hat nur ${fileLines} ${fileLines === 1 ? 'Zeile' : 'Zeilen'}.`,
    );
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
