// Article import speed (ARCHITECTURE §7 budgets): rows/s of the portal's CSV import on PostgreSQL against
// `psql \copy` of the same articles into a copy of the articles table with all its indexes (the database's own
// cost for this data), measured INTERLEAVED (copy, import, copy, import, … each round on a fresh copy of the
// seeded database); then an XLSX import (rows/s, server RSS) and the CSV import on PGlite.
//
//   node bench/generate-catalog.mjs            (once: bench/out/catalog-1000000.csv, catalog-100000.xlsx)
//   npm run build                              (the bench starts server/dist/main.js)
//   node bench/article-import.mjs [--csvRows 1000000] [--xlsxRows 100000] [--rounds 2] [--port 4330]
//                                 [--pgliteRows N]  (PGlite imports catalog-N.csv; PostgreSQL once more with it)
//                                 [--skipPglite] [--skipPostgres] [--skipXlsx] [--upload] (200 MB upload RSS)
//                                 [--reimport]      (after the last round: the same file again, all matched)
//                                 [--profile]       (server CPU profile into bench/out/profile/)
//                                 [--explain]       (plans of the import's statements over 1 s into the PostgreSQL log)
//                                 [--tmp DIR]       (data directories and the COPY file; default the system temp)
//
// PostgreSQL: databases `import_bench_<pid>_*` on postgres://postgres@127.0.0.1:5432, copies of one seeded
// with the demo data, dropped at the end. PGlite: a temporary DATA_DIR. Loopback only.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOG_HEADERS } from './generate-catalog.mjs';
import {
  createDatabaseFrom,
  dropDatabase,
  explainSlowStatements,
  timeCopyIntoArticles,
  writeArticleCopyFile,
} from './lib/copy-baseline.mjs';
import { api, runImport, withPortal } from './lib/import-run.mjs';
import { hasBuild, loadAverage, parseArgs, root, stats } from './lib/portal.mjs';
import { fileSource, generatedSource, postMultipart, withRss } from './lib/upload.mjs';

const options = parseArgs(process.argv.slice(2), {
  csvRows: 1_000_000,
  xlsxRows: 100_000,
  pgliteRows: 0,
  rounds: 2,
  port: 4330,
  skipPglite: false,
  skipPostgres: false,
  skipXlsx: false,
  upload: false,
  reimport: false,
  profile: false,
  explain: false,
  pg: 'postgres://postgres@127.0.0.1:5432/postgres',
  tmp: os.tmpdir(),
});
const out = path.join(root, 'bench', 'out');
const csvFile = path.join(out, `catalog-${options.csvRows}.csv`);
const xlsxFile = path.join(out, `catalog-${options.xlsxRows}.xlsx`);
const pgliteRows = options.pgliteRows || options.csvRows;
const pgliteFile = path.join(out, `catalog-${pgliteRows}.csv`);
for (const file of [csvFile, ...(options.skipXlsx ? [] : [xlsxFile]), pgliteFile]) {
  if (!existsSync(file)) throw new Error(`${file} fehlt: zuerst node bench/generate-catalog.mjs ausführen.`);
}
if (!hasBuild()) throw new Error('server/dist fehlt: zuerst npm run build ausführen.');

const MAPPING = {
  Hersteller: 'manufacturer',
  Bestellnummer: 'orderNumber',
  Herstellernummer: 'manufacturerNumber',
  Kurztext: 'description',
  Einheit: 'unit',
  Listenpreis: 'listPrice',
  Einkaufspreis: 'purchasePrice',
  'Breite (mm)': 'width',
  'Höhe (mm)': 'height',
  'Tiefe (mm)': 'depth',
  'Gewicht (g)': 'weight',
  EAN: 'eanNumber',
  Zolltarifnummer: 'customsTarifNumber',
  Ursprungsland: 'countryOfOriginAbbreviation',
  Lieferzeit: 'deliveryTime',
  VPE: 'packagingUnitSize',
};

async function createConfig(base, cookie, headerUnits) {
  return api(base, cookie, 'POST', '/import/config/', {
    title: `Bench ${Date.now()}`,
    description: 'Generierter Katalog (bench/generate-catalog.mjs)',
    headers: CATALOG_HEADERS,
    headerRowIndex: 1,
    fieldMapping: Object.entries(MAPPING).map(([importHeader, articleField]) => ({
      importHeader,
      articleField,
    })),
    ...headerUnits,
  });
}

const rate = (result) => Math.round(result.rows / result.totalSeconds);

function line(label, result) {
  const perSecond = rate(result);
  return `${label.padEnd(34)} ${String(result.rows).padStart(9)} Zeilen  ${result.totalSeconds.toFixed(1).padStart(6)} s  ${String(perSecond).padStart(7)} Zeilen/s  (Upload ${result.uploadSeconds.toFixed(1)} s; ${result.created} neu, ${result.updated} aktualisiert, ${result.errors} Fehler)`;
}

/** A fresh portal (own RSS baseline) with the bench's import configuration; runs `work` with it. */
async function withConfiguredPortal(env, work) {
  const profileDir = options.profile ? path.join(out, 'profile') : null;
  return withPortal({ env, port: options.port, tmp: options.tmp, profileDir }, async (portal) => {
    const units = { unitWidth: 'MM', unitHeight: 'MM', unitDepth: 'MM', unitWeight: 'G' };
    const config = await createConfig(portal.base, portal.cookie, units);
    return work({ ...portal, config });
  });
}

/** One CSV import on a fresh portal; its RSS sampled. */
async function importOnce(env, file, label, again = false) {
  return withConfiguredPortal(env, async ({ base, cookie, config, pid }) => {
    const load = loadAverage();
    const run = await withRss(pid, () =>
      runImport(base, cookie, { importConfigId: config.id }, fileSource(file)),
    );
    console.log(
      line(label, run.result),
      `RSS ${Math.round(run.before)} → max ${Math.round(run.peak)} MB; Last ${load}`,
    );
    if (again) {
      const second = await withRss(pid, () =>
        runImport(base, cookie, { importConfigId: config.id }, fileSource(file)),
      );
      console.log(
        line(`${label}, erneut`, second.result),
        `RSS max ${Math.round(second.peak)} MB; Last ${loadAverage()}`,
      );
    }
    return { ...run, rate: rate(run.result) };
  });
}

async function benchXlsx(kind, env) {
  await withConfiguredPortal(env, async ({ base, cookie, config, pid }) => {
    const load = loadAverage();
    const xlsx = await withRss(pid, () =>
      runImport(base, cookie, { importConfigId: config.id }, fileSource(xlsxFile)),
    );
    console.log(
      line(`${kind}: XLSX`, xlsx.result),
      `RSS ${Math.round(xlsx.before)} → max ${Math.round(xlsx.peak)} MB (Budget >= 20.000 Zeilen/s, < 512 MB); Last ${load}`,
    );
  });
}

async function benchUpload(kind, env) {
  await withConfiguredPortal(env, async ({ base, cookie, pid }) => {
    const size = 200 * 1024 * 1024 - 1;
    const upload = await withRss(pid, () =>
      postMultipart(
        base,
        cookie,
        '/file/',
        { path: 'exportResult/' },
        generatedSource('upload-200mb.csv', size),
      ),
    );
    console.log(
      `${kind}: Upload 200 MB (POST /api/file/)   RSS ${Math.round(upload.before)} → max ${Math.round(upload.peak)} MB, Zuwachs ${Math.round(upload.peak - upload.before)} MB (Budget < 64 MB)`,
    );
    await api(base, cookie, 'POST', `/file/delete?path=${encodeURIComponent(upload.result.path)}`);
  });
}

console.log(
  `Artikelimport: ${options.csvRows} (${Math.round(statSync(csvFile).size / 1e6)} MB) CSV-Zeilen, ${options.xlsxRows} XLSX-Zeilen, ` +
    `${os.cpus().length} Kerne, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Last ${loadAverage()}`,
);
let postgresRate = null;
if (!options.skipPostgres) {
  const prefix = `import_bench_${process.pid}`;
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
    // A database seeded once by the portal itself; every round starts on a copy of it.
    created.push(seeded);
    const seedUrl = createDatabaseFrom(options.pg, seeded, null);
    await withConfiguredPortal({ DATABASE_URL: seedUrl }, async () => {});
    const prepared = (rows, file) => {
      const target = path.join(work, `articles-${rows}.copy`);
      if (!existsSync(target)) writeArticleCopyFile(seedUrl, file, target, CATALOG_HEADERS.length);
      return target;
    };
    const copyData = prepared(options.csvRows, csvFile);
    const copies = [];
    const imports = [];
    for (let round = 1; round <= options.rounds; round++) {
      const url = fresh(`r${round}`);
      if (options.explain) explainSlowStatements(options.pg, `${prefix}_r${round}`);
      const load = loadAverage();
      const copy = timeCopyIntoArticles(url, copyData);
      const copyRate = Math.round(options.csvRows / copy.seconds);
      copies.push(copyRate);
      console.log(
        `Runde ${round}: psql \\copy in (LIKE articles INCLUDING ALL, ${copy.indexes} Indizes): ${copy.seconds.toFixed(1)} s, ${copyRate} Zeilen/s; Last ${load}`,
      );
      const last = round === options.rounds;
      const run = await importOnce(
        { DATABASE_URL: url },
        csvFile,
        `Runde ${round}: PostgreSQL CSV, neu`,
        last && options.reimport,
      );
      imports.push(run.rate);
      console.log(`Runde ${round}: Import / \\copy = ${(run.rate / copyRate).toFixed(2)}x`);
      dropDatabase(options.pg, `${prefix}_r${round}`);
    }
    const copyMedian = stats(copies).median;
    postgresRate = stats(imports).median;
    console.log(
      `PostgreSQL CSV (Median aus ${options.rounds}): Import ${postgresRate} Zeilen/s, \\copy ${copyMedian} Zeilen/s, ` +
        `Import = ${(postgresRate / copyMedian).toFixed(2)}x \\copy (Budget >= 0,5x und >= 60.000 Zeilen/s); Last ${loadAverage()}`,
    );
    if (pgliteRows !== options.csvRows && !options.skipPglite) {
      const run = await importOnce(
        { DATABASE_URL: fresh('pglite_ref') },
        pgliteFile,
        `PostgreSQL CSV ${pgliteRows}, neu`,
      );
      postgresRate = run.rate;
    }
    if (!options.skipXlsx) await benchXlsx('PostgreSQL', { DATABASE_URL: fresh('xlsx') });
    if (options.upload) await benchUpload('PostgreSQL', { DATABASE_URL: fresh('upload') });
  } finally {
    for (const name of created.reverse()) dropDatabase(options.pg, name);
    rmSync(work, { recursive: true, force: true });
  }
}
if (!options.skipPglite) {
  const run = await importOnce({}, pgliteFile, 'PGlite: CSV, neu');
  if (postgresRate) {
    console.log(
      `PGlite / PostgreSQL (CSV ${pgliteRows}): ${(postgresRate / run.rate).toFixed(2)}x langsamer (Budget <= 4x)`,
    );
  }
  if (!options.skipXlsx) await benchXlsx('PGlite', {});
}
