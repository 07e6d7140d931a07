// Catalog import speed (ARCHITECTURE §7: "BMEcat 100k products / DATANORM 1M articles: >= 20,000 products/s,
// RSS < 512 MB / >= 50,000 rows/s"): the whole import as the dialog runs it (upload, reading and matching into
// the preview, "Übernehmen", writing with classes and references) through the running server, on PostgreSQL
// and PGlite, with the server's peak RSS. Baseline of the same run: `psql \copy` of exactly the article rows
// the import wrote into `(LIKE articles INCLUDING ALL)` (all indexes), bench/lib/copy-baseline.mjs.
//
//   node bench/generate-bmecat.mjs --products 100000          (once: bench/out/bmecat-100000.xml, zipped by the bench)
//   node bench/generate-datanorm.mjs --rows 1000000            (once: bench/out/datanorm-1000000.001)
//   npm run build                                              (the bench starts server/dist/main.js)
//   node bench/catalog-import.mjs [--products 100000] [--datanormRows 1000000] [--port 4331]
//                                 [--skipBmecat] [--skipDatanorm] [--skipPglite] [--skipPostgres]
//                                 [--profile]   (server CPU profiles into bench/out/profile/)
//                                 [--explain]   (plans of the import's statements over 200 ms into the PostgreSQL log)
//                                 [--tmp DIR]   (data directories and COPY files; default the system temp)
//
// PostgreSQL: databases `catalog_bench_<pid>_*` on postgres://postgres@127.0.0.1:5432, copies of one seeded
// with the demo data, dropped at the end. PGlite: a temporary DATA_DIR. Loopback only.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createDatabaseFrom,
  dropDatabase,
  explainSlowStatements,
  timeCopyIntoArticles,
  writeImportedCopyFile,
} from './lib/copy-baseline.mjs';
import { api, runPreviewAndConfirm, withPortal } from './lib/import-run.mjs';
import { hasBuild, loadAverage, parseArgs, root } from './lib/portal.mjs';
import { cpuSecondsOf, fileSource, withRss } from './lib/upload.mjs';

const options = parseArgs(process.argv.slice(2), {
  products: 100_000,
  datanormRows: 1_000_000,
  port: 4331,
  skipBmecat: false,
  skipDatanorm: false,
  skipPglite: false,
  skipPostgres: false,
  profile: false,
  explain: false,
  pg: 'postgres://postgres@127.0.0.1:5432/postgres',
  tmp: os.tmpdir(),
});
const out = path.join(root, 'bench', 'out');
const bmecatXml = path.join(out, `bmecat-${options.products}.xml`);
// Uploads end below 200 MB and 100,000 products are 270 MB of XML: the catalog travels zipped, as
// manufacturers send large BMEcat files (the reader unpacks it while reading).
const bmecatFile = path.join(out, `bmecat-${options.products}.zip`);
const datanormFile = path.join(out, `datanorm-${options.datanormRows}.001`);
if (!options.skipBmecat && !existsSync(bmecatFile)) {
  if (!existsSync(bmecatXml))
    throw new Error(`${bmecatXml} fehlt: node bench/generate-bmecat.mjs --products ${options.products}`);
  execFileSync('zip', ['-q', '-j', '-9', bmecatFile, bmecatXml]);
}
if (!options.skipDatanorm && !options.skipPostgres && !existsSync(datanormFile))
  throw new Error(`${datanormFile} fehlt: node bench/generate-datanorm.mjs --rows ${options.datanormRows}`);
if (!hasBuild()) throw new Error('server/dist fehlt: zuerst npm run build ausführen.');

const profileDir = options.profile ? path.join(out, 'profile') : null;
const rate = (count, seconds) => Math.round(count / seconds);
const de = (value) => value.toLocaleString('de-DE');

/** The server's own seconds of reading the file into the staging table ("… Zeilen gelesen in X s"). */
function readSeconds(output) {
  const match = /Zeilen gelesen in ([\d.]+) s/.exec(output);
  return match ? Number(match[1]) : null;
}

/**
 * A DATANORM 4 file names no manufacturer: it is sent with an import configuration that names one (the first
 * of the demo data), as an operator does for a wholesaler's file. A BMEcat names its own.
 */
async function fieldsFor(file, base, cookie) {
  if (!file.endsWith('.001')) return {};
  const manufacturers = await api(base, cookie, 'GET', '/manufacturer/all');
  const config = await api(base, cookie, 'POST', '/import/config/', {
    title: `DATANORM ${Date.now()}`,
    description: 'Hersteller für eine DATANORM-4-Datei (bench/catalog-import.mjs)',
    manufacturerId: (Array.isArray(manufacturers) ? manufacturers : manufacturers.content)[0].id,
    headers: ['Artikelnummer'],
    headerRowIndex: 1,
    fieldMapping: [{ importHeader: 'Artikelnummer', articleField: 'orderNumber' }],
  });
  return { importConfigId: config.id };
}

/** One catalog import through the preview on a fresh portal; RSS sampled, rates printed. */
async function importCatalog(label, env, file, since) {
  const portal = { env, port: options.port, tmp: options.tmp, profileDir };
  return withPortal(portal, async ({ base, cookie, pid, output }) => {
    const fields = await fieldsFor(file, base, cookie);
    const load = loadAverage();
    const before = since?.();
    const cpu = () => cpuSecondsOf(pid);
    const run = await withRss(pid, () => runPreviewAndConfirm(base, cookie, fields, fileSource(file), cpu));
    const result = run.result;
    const read = readSeconds(output());
    const records = result.rows;
    const { start, preview, end } = result.marks;
    const cpuPreview = preview - start;
    const cpuAll = end - start;
    console.log(
      `${label}: Server-CPU bis zur Vorschau ${cpuPreview.toFixed(1)} s = ${de(rate(records, cpuPreview))} je CPU-Sekunde, ` +
        `ganzer Import ${cpuAll.toFixed(1)} s = ${de(rate(records, cpuAll))} je CPU-Sekunde (Server-Prozess mit Hilfsfäden, ohne PostgreSQL)`,
    );
    console.log(
      `${label}: ${de(records)} Sätze, Vorschau nach ${result.previewSeconds.toFixed(1)} s (Upload ${result.uploadSeconds.toFixed(1)} s, ` +
        `Lesen im Server ${read?.toFixed(1) ?? '?'} s = ${read ? de(rate(records, read)) : '?'}/s), Übernehmen ${result.writeSeconds.toFixed(1)} s; ` +
        `ganzer Import ${result.totalSeconds.toFixed(1)} s = ${de(rate(records, result.totalSeconds))}/s ` +
        `(${result.created} neu, ${result.updated} aktualisiert, ${result.errors} Fehler); ` +
        `RSS ${Math.round(run.before)} → max ${Math.round(run.peak)} MB; Last ${load} → ${loadAverage()}`,
    );
    return { ...result, read, peak: run.peak, before, cpuPreview, cpuAll };
  });
}

const psqlValue = (url, sql) => execFileSync('psql', [url, '-Atc', sql]).toString().trim();

console.log(
  `Katalogimport: BMEcat ${de(options.products)} Produkte, DATANORM ${de(options.datanormRows)} Artikel; ` +
    `${os.cpus().length} Kerne, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, Last ${loadAverage()}`,
);
const postgres = {};
if (!options.skipPostgres) {
  const prefix = `catalog_bench_${process.pid}`;
  const seeded = `${prefix}_seed`;
  const work = path.join(options.tmp, prefix);
  mkdirSync(work, { recursive: true });
  const created = [];
  const fresh = (suffix) => {
    const name = `${prefix}_${suffix}`;
    created.push(name);
    return createDatabaseFrom(options.pg, name, seeded);
  };
  try {
    // A database seeded once by the portal itself; every import and every baseline starts on a copy of it.
    created.push(seeded);
    const seedUrl = createDatabaseFrom(options.pg, seeded, null);
    await withPortal(
      { env: { DATABASE_URL: seedUrl }, port: options.port, tmp: options.tmp },
      async () => {},
    );
    const formats = [
      ...(options.skipBmecat ? [] : [['BMEcat', bmecatFile, 'Produkte', 20_000]]),
      ...(options.skipDatanorm ? [] : [['DATANORM', datanormFile, 'Zeilen', 50_000]]),
    ];
    for (const [format, file, unit, budget] of formats) {
      const url = fresh(format.toLowerCase());
      if (options.explain) explainSlowStatements(options.pg, `${prefix}_${format.toLowerCase()}`, '200ms');
      const since = () => psqlValue(url, 'SELECT now()');
      const label = `PostgreSQL ${format} ${path.basename(file)} (${Math.round(statSync(file).size / 2 ** 20)} MB)`;
      const run = await importCatalog(label, { DATABASE_URL: url }, file, since);
      const copyFile = path.join(work, `${format}.copy`);
      const written = writeImportedCopyFile(url, run.before, copyFile);
      dropDatabase(options.pg, `${prefix}_${format.toLowerCase()}`);
      const baselineUrl = fresh(`${format.toLowerCase()}_copy`);
      const load = loadAverage();
      const copy = timeCopyIntoArticles(baselineUrl, copyFile, written.columns);
      dropDatabase(options.pg, `${prefix}_${format.toLowerCase()}_copy`);
      const copyRate = rate(written.rows, copy.seconds);
      const importRate = rate(run.rows, run.totalSeconds);
      console.log(
        `PostgreSQL ${format}: psql \\copy der ${de(written.rows)} geschriebenen Artikel in (LIKE articles INCLUDING ALL, ` +
          `${copy.indexes} Indizes): ${copy.seconds.toFixed(1)} s = ${de(copyRate)} Zeilen/s; Last ${load}`,
      );
      console.log(
        `PostgreSQL ${format}: Import ${de(importRate)} ${unit}/s = ${(importRate / copyRate).toFixed(2)}x \\copy; ` +
          `Lesen ${run.read ? de(rate(run.rows, run.read)) : '?'} ${unit}/s; RSS max ${Math.round(run.peak)} MB ` +
          `(Budget >= ${de(budget)} ${unit}/s${format === 'BMEcat' ? ', < 512 MB' : ''})`,
      );
      postgres[format] = run;
    }
  } finally {
    for (const name of created.reverse()) dropDatabase(options.pg, name);
    rmSync(work, { recursive: true, force: true });
  }
}
if (!options.skipPglite && !options.skipBmecat) {
  const run = await importCatalog(`PGlite BMEcat ${path.basename(bmecatFile)}`, {}, bmecatFile, null);
  const reference = postgres.BMEcat;
  console.log(
    `PGlite BMEcat: Import ${de(rate(run.rows, run.totalSeconds))} Produkte/s, Lesen ${run.read ? de(rate(run.rows, run.read)) : '?'} Produkte/s, RSS max ${Math.round(run.peak)} MB` +
      (reference
        ? `; PGlite / PostgreSQL ${(run.totalSeconds / reference.totalSeconds).toFixed(2)}x (Budget <= 4x)`
        : ''),
  );
}
