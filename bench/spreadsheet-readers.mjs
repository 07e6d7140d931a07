// Spreadsheet readers on their own, without server or database (ASVS 5.2.3; bench/README.md "Tabellenleser"):
//
//   node --import tsx bench/spreadsheet-readers.mjs [--only hostile|xlsx|csv] [--mib 8,16,32,64] [--reps 3]
//        [--csvMib 2,4,8,15]
//        [--xlsxRows 100000] [--csvRows 1000000] [--readers <folder with open-sheet.ts>] [--once]
//
// hostile: zip bombs of 8/16/32/64 MiB unpacked (shared strings without any <si>, a <row> that stays open);
//          each is read once with the portal's limits (time until refused) and once with the limits lifted
//          (time to parse it all: must grow linearly with the size). --once skips the second read (readers
//          without limits read the same either way). Also CSV files with one quoted cell of 2/4/8/15 MiB with
//          line breaks (a record across many read chunks).
// xlsx:    bench/out/catalog-<xlsxRows>.xlsx read row by row to the end (node bench/generate-catalog.mjs).
// csv:     bench/out/catalog-<csvRows>.csv: the portal's delimited reader against csv-parse on the same stream.
// --readers points at another copy of the readers, e.g. the code before a change:
//   mkdir -p bench/out/before && git archive <commit> server/src | tar -x -C bench/out/before
//   node --import tsx bench/spreadsheet-readers.mjs --readers bench/out/before/server/src/files/sheets
import { createReadStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse';
import { loadAverage, parseArgs, root } from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), {
  only: '',
  mib: '8,16,32,64',
  csvMib: '2,4,8,15',
  reps: 3,
  xlsxRows: 100_000,
  csvRows: 1_000_000,
  readers: 'server/src/files/sheets',
  once: false,
});
const readersDir = path.resolve(root, options.readers);
const { openSheet } = await import(pathToFileURL(path.join(readersDir, 'open-sheet.ts')).href);
const { openRowBomb, sharedStringsBomb } = await import(
  pathToFileURL(path.join(root, 'server/src/test/xlsx-files.ts')).href
);
// Large enough for every bomb here: shows the parse time itself (readers before the change ignore it).
const NO_LIMITS = { maxUnpackedBytes: 2 ** 40, maxSharedStringsBytes: 2 ** 40, maxRatio: 1e9 };
const temporary = mkdtempSync(path.join(os.tmpdir(), 'bench-readers-'));
const wanted = (part) => options.only === '' || options.only === part;

/** Reads a whole file through the readers; CPU and wall time, rows, peak RSS, or the refusal. */
async function readAll(file, limits) {
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  const started = performance.now();
  let rows = 0;
  let peak = process.memoryUsage().rss;
  let refused = null;
  try {
    const source = await openSheet(file, path.basename(file), { chunkRows: 5000, limits });
    for await (const chunk of source.chunks()) {
      rows += chunk.length;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
  } catch (error) {
    refused = error.message;
  }
  const used = process.cpuUsage(cpu);
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    // The reading thread's share: what the import's own thread spends (the rest runs on other threads).
    busySeconds: performance.eventLoopUtilization(loop).active / 1000,
    rows,
    peakMb: peak / 2 ** 20,
    refused,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const s = (value) => `${value.toFixed(2).replace('.', ',')} s`;

console.log(
  `Tabellenleser (${path.relative(root, readersDir)}), ${os.cpus().length} Kerne ${os.cpus()[0]?.model}, ` +
    `Node ${process.version}, Last ${loadAverage()}`,
);

if (wanted('hostile')) {
  for (const [kind, build] of [
    ['sharedStrings ohne <si>', sharedStringsBomb],
    ['offene <row>', openRowBomb],
  ]) {
    for (const mib of options.mib.split(',').map(Number)) {
      const file = path.join(temporary, `bombe-${mib}.xlsx`);
      const bytes = build(mib);
      writeFileSync(file, bytes);
      const limited = await readAll(file, undefined);
      const lifted = options.once ? null : await readAll(file, NO_LIMITS);
      const outcome = (run) =>
        run.refused ? `abgelehnt („${run.refused.slice(0, 50)}…“)` : `${run.rows} Zeilen`;
      console.log(
        `${kind}, ${mib} MiB entpackt (${Math.round(bytes.length / 1024)} KB): ` +
          `mit Grenzen ${s(limited.seconds)} (CPU ${s(limited.cpuSeconds)}) ${outcome(limited)}` +
          (lifted
            ? `; ohne Grenzen ${s(lifted.seconds)} (CPU ${s(lifted.cpuSeconds)}) ${outcome(lifted)}`
            : ''),
      );
      rmSync(file);
    }
  }
  // A CSV cell with line breaks spanning many read chunks (1 MiB each); the reader refuses a record of more
  // than 16 Mi characters (a quote that never closes), so the sizes stay below that.
  for (const mib of options.csvMib.split(',').map(Number)) {
    const file = path.join(temporary, `zelle-${mib}.csv`);
    writeFileSync(file, `Nr;Text\n1;"${'Zeile\n'.repeat((mib * 1024 * 1024) / 6)}"\n2;kurz\n`);
    const run = await readAll(file, undefined);
    console.log(
      `CSV-Zelle mit Zeilenumbrüchen, ${mib} MiB: ${s(run.seconds)} (CPU ${s(run.cpuSeconds)}) ` +
        (run.refused ? `abgelehnt: ${run.refused}` : `${run.rows} Zeilen`),
    );
    rmSync(file);
  }
}

if (wanted('xlsx')) {
  const file = path.join(root, 'bench', 'out', `catalog-${options.xlsxRows}.xlsx`);
  if (!existsSync(file)) throw new Error(`${file} fehlt: zuerst node bench/generate-catalog.mjs ausführen.`);
  const runs = [];
  for (let rep = 0; rep < options.reps; rep++) runs.push(await readAll(file, undefined));
  const time = median(runs.map((run) => run.seconds));
  console.log(
    `XLSX ${options.xlsxRows} Zeilen lesen: Median ${s(time)} = ${Math.round(runs[0].rows / time)} Zeilen/s, ` +
      `CPU ${s(median(runs.map((run) => run.cpuSeconds)))} (alle Threads), ` +
      `davon lesender Thread ${s(median(runs.map((run) => run.busySeconds)))} ` +
      `(${runs.map((run) => s(run.seconds)).join(', ')}), RSS max ${Math.round(Math.max(...runs.map((run) => run.peakMb)))} MB` +
      (runs[0].refused ? `, abgelehnt: ${runs[0].refused}` : ''),
  );
}

if (wanted('csv')) {
  const file = path.join(root, 'bench', 'out', `catalog-${options.csvRows}.csv`);
  if (!existsSync(file)) throw new Error(`${file} fehlt: zuerst node bench/generate-catalog.mjs ausführen.`);
  /** csv-parse on the same stream, configured as tolerant as the own parser. */
  async function csvParse() {
    const started = performance.now();
    let rows = 0;
    const parser = createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(
      parse({ bom: true, delimiter: ';', relax_quotes: true, relax_column_count: true }),
    );
    // Drained synchronously per 'readable' event: no promise per record, the library's fastest streaming use.
    await new Promise((resolve, reject) => {
      parser.on('readable', () => {
        while (parser.read() !== null) rows++;
      });
      parser.on('end', resolve);
      parser.on('error', reject);
    });
    return { seconds: (performance.now() - started) / 1000, rows };
  }
  const own = [];
  const library = [];
  for (let rep = 0; rep < options.reps; rep++) {
    own.push(await readAll(file, undefined));
    library.push(await csvParse());
  }
  const ownTime = median(own.map((run) => run.seconds));
  const libraryTime = median(library.map((run) => run.seconds));
  console.log(
    `CSV ${own[0].rows} Zeilen, eigener Leser: Median ${s(ownTime)} (${own.map((run) => s(run.seconds)).join(', ')})`,
  );
  console.log(
    `CSV ${library[0].rows} Zeilen, csv-parse:     Median ${s(libraryTime)} (${library.map((run) => s(run.seconds)).join(', ')}) ` +
      `= ${(libraryTime / ownTime).toFixed(1).replace('.', ',')}x die Zeit des eigenen Lesers`,
  );
}

rmSync(temporary, { recursive: true, force: true });
