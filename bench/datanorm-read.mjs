// The DATANORM reader on its own, without server or database (bench/README.md "DATANORM-Leser"):
//
//   node --import tsx bench/datanorm-read.mjs [--rows 1000000] [--rounds 2]
//
// Reads bench/out/datanorm-<rows>.001 (written first by generate-datanorm.mjs when missing) to the end with
// readDatanorm: wall and CPU time, articles per second, peak RSS. Baselines of the same run on the same
// file: (1) plain line splitting (read stream, latin1 decode, split at LF, count lines), the least any
// reader of the file does; (2) the same plus splitting every line at ';', the least a DATANORM reader does.
// Rounds alternate baseline and reader so that load shifts hit both alike.
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateDatanorm } from './generate-datanorm.mjs';
import { loadAverage, parseArgs, root, stats } from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), { rows: 1_000_000, rounds: 2 });
const file = path.join(root, `bench/out/datanorm-${options.rows}.001`);
if (!existsSync(file)) await generateDatanorm(options.rows, path.dirname(file));
const { readDatanorm } = await import(
  pathToFileURL(path.join(root, 'server/src/files/catalogs/datanorm.ts')).href
);

async function measure(run) {
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const started = performance.now();
  let peak = process.memoryUsage().rss;
  const count = await run(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  });
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { count, wall, cpu: (used.user + used.system) / 1000, peakMb: peak / 2 ** 20 };
}

/** Baseline: the lines of the file, nothing else. */
async function splitLines(sample, fields) {
  let lines = 0;
  let rest = '';
  let cells = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    const parts = (rest + chunk.toString('latin1')).split('\n');
    rest = parts.pop();
    lines += parts.length;
    if (fields) for (const part of parts) cells += part.split(';').length;
    sample();
  }
  return fields ? Math.min(lines, cells) : lines;
}

async function readAll(sample) {
  let records = 0;
  let refusals = 0;
  for await (const chunk of readDatanorm(file)) {
    records += chunk.records.length;
    refusals += chunk.refusals.length;
    sample();
  }
  if (refusals > 0) throw new Error(`${refusals} refusals in a generated file`);
  return records;
}

const sizeMb = statSync(file).size / 2 ** 20;
console.log(`Datei ${path.relative(root, file)}: ${sizeMb.toFixed(0)} MB, Last vorher ${loadAverage()}`);
const results = { lines: [], fields: [], reader: [] };
for (let round = 0; round < options.rounds; round++) {
  results.lines.push(await measure((sample) => splitLines(sample, false)));
  results.fields.push(await measure((sample) => splitLines(sample, true)));
  results.reader.push(await measure(readAll));
}

const articles = results.reader[0].count;
function row(name, runs) {
  const wall = stats(runs.map((run) => run.wall)).median;
  const cpu = stats(runs.map((run) => run.cpu)).median;
  const peak = Math.max(...runs.map((run) => run.peakMb));
  const perSecond = Math.round(articles / (wall / 1000));
  console.log(
    `${name.padEnd(34)} ${(wall / 1000).toFixed(2)} s wall, ${(cpu / 1000).toFixed(2)} s CPU, ${perSecond.toLocaleString('de-DE')} Artikel/s, RSS max ${peak.toFixed(0)} MB`,
  );
  return wall;
}
console.log(`${articles.toLocaleString('de-DE')} Artikel, Median aus ${options.rounds} Runden:`);
const base = row('Grundlinie: Zeilen teilen', results.lines);
const baseFields = row('Grundlinie: Zeilen und Felder', results.fields);
const reader = row('readDatanorm', results.reader);
console.log(
  `Verhältnis readDatanorm / Zeilen teilen: ${(reader / base).toFixed(2)}x, / Zeilen und Felder: ${(reader / baseFields).toFixed(2)}x; Last nachher ${loadAverage()}`,
);
