// Article import speed (ARCHITECTURE §7 budgets): rows/s on PostgreSQL and on PGlite, compared with `psql \copy`
// of the same file, server RSS during an XLSX import and during a 200 MB upload.
//
//   node bench/generate-catalog.mjs            (once: bench/out/catalog-1000000.csv, catalog-100000.xlsx)
//   npm run build                              (the bench starts server/dist/main.js)
//   node bench/article-import.mjs [--csvRows 1000000] [--xlsxRows 100000] [--skipPglite] [--skipUpload]
//                                 [--bareCatalog]   (also: PostgreSQL import without the search/sort indexes)
//                                 [--csvOnly]       (only the first CSV import)
//                                 [--xlsxOnly]      (only the XLSX import, no CSV and no `psql \copy`)
//                                 [--profile]       (server CPU profile into bench/out/profile/)
//
// PostgreSQL: a dedicated database `portal_bench_import_<pid>` on postgres://postgres@127.0.0.1:5432 with the
// demo seed, dropped at the end. PGlite: a temporary DATA_DIR. Loopback only.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOG_HEADERS } from './generate-catalog.mjs';
import {
  freePort,
  hasBuild,
  loadAverage,
  parseArgs,
  root,
  signInCookie,
  startPortal,
  stopPortal,
  waitForUrl,
} from './lib/portal.mjs';
import { fileSource, generatedSource, postMultipart, withRss } from './lib/upload.mjs';

const options = parseArgs(process.argv.slice(2), {
  csvRows: 1_000_000,
  xlsxRows: 100_000,
  skipPglite: false,
  skipPostgres: false,
  skipUpload: false,
  bareCatalog: false,
  csvOnly: false,
  xlsxOnly: false,
  profile: false,
  pg: 'postgres://postgres@127.0.0.1:5432/postgres',
});
const out = path.join(root, 'bench', 'out');
const csvFile = path.join(out, `catalog-${options.csvRows}.csv`);
const xlsxFile = path.join(out, `catalog-${options.xlsxRows}.xlsx`);
for (const file of options.xlsxOnly ? [xlsxFile] : [csvFile, xlsxFile]) {
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

async function api(base, cookie, method, url, body, attempt = 1) {
  let response;
  try {
    response = await fetch(`${base}/api${url}`, {
      method,
      headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    // A kept-alive connection that the server closed just as it was reused (its timers run late while the
    // embedded database keeps its event loop busy): a browser repeats such a GET, so does the bench.
    if (method !== 'GET' || attempt >= 3) throw error;
    return api(base, cookie, method, url, body, attempt + 1);
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Uploads `file`, waits for the import to finish; returns server-side and end-to-end seconds. */
async function runImport(base, cookie, configId, file) {
  const started = performance.now();
  // preview=false: the import writes at once, as before the preview existed.
  await postMultipart(base, cookie, '/article/import', { importConfigId: configId, preview: 'false' }, file);
  const uploaded = performance.now();
  let status;
  for (;;) {
    status = await api(base, cookie, 'GET', '/article/import');
    if (!status.running) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const finished = performance.now();
  const run = status.run;
  if (run.state !== 'SUCCEEDED') throw new Error(`Import ${run.state}: ${run.message}`);
  return {
    rows: run.processedRows,
    created: run.createdCount,
    updated: run.updatedCount,
    errors: run.errorCount,
    uploadSeconds: (uploaded - started) / 1000,
    totalSeconds: (finished - started) / 1000,
  };
}

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

function line(label, result) {
  const perSecond = Math.round(result.rows / result.totalSeconds);
  return `${label.padEnd(34)} ${String(result.rows).padStart(9)} Zeilen  ${result.totalSeconds.toFixed(1).padStart(6)} s  ${String(perSecond).padStart(7)} Zeilen/s  (Upload ${result.uploadSeconds.toFixed(1)} s; ${result.created} neu, ${result.updated} aktualisiert, ${result.errors} Fehler)`;
}

/** Starts a fresh portal (own RSS baseline), signs in, creates the configuration, runs `work`, stops. */
async function withPortal(env, work) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-import-'));
  const port = await freePort();
  const portal = startPortal({
    command: [
      'node',
      ...(options.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(out, 'profile')}`] : []),
      'server/dist/main.js',
    ],
    port,
    dataDir,
    env: { ...env, SEED_DEMO: 'true' },
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForUrl(portal, `${base}/api/health`);
    const cookie = await signInCookie(base, 'admin@demo.local');
    const units = { unitWidth: 'MM', unitHeight: 'MM', unitDepth: 'MM', unitWeight: 'G' };
    const config = await createConfig(base, cookie, units);
    return await work({ base, cookie, config, pid: portal.child.pid });
  } catch (error) {
    const exited = await Promise.race([
      portal.exited,
      new Promise((resolve) => setTimeout(resolve, 500, null)),
    ]);
    console.log(
      `Server ${exited ? `beendet (Code ${exited.code}, Signal ${exited.signal})` : 'läuft noch'}; Ausgabe (Ende):\n${portal.output.join('').split('\n').slice(-30).join('\n')}`,
    );
    throw error;
  } finally {
    await stopPortal(portal);
    // The server's own account of each import's phases (reading, matching, writing).
    for (const text of portal.output.join('').split('\n')) {
      if (/Artikelimport [0-9a-f-]+: /.test(text))
        console.log(`    Server: ${text.replace(/^.*?Artikelimport/, 'Artikelimport')}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The article indexes the import itself needs: primary key and the matching indexes (manufacturer + number). */
const MATCHING_INDEXES = [
  'articles_pkey',
  'articles_manufacturer_order_number_idx',
  'articles_manufacturer_manufacturer_number_idx',
];

/** For comparison only: the same CSV import into a catalog without the search and sort indexes. */
async function benchBareCatalog(url) {
  await withPortal({ DATABASE_URL: url }, async ({ base, cookie, config }) => {
    const indexes = execFileSync('psql', [
      url,
      '-Atc',
      "SELECT indexname FROM pg_indexes WHERE tablename = 'articles'",
    ])
      .toString()
      .split('\n')
      .filter((name) => name && !MATCHING_INDEXES.includes(name));
    for (const name of indexes) execFileSync('psql', [url, '-q', '-c', `DROP INDEX ${name}`]);
    const bare = await runImport(base, cookie, config.id, fileSource(csvFile));
    console.log(
      line('PostgreSQL: CSV, nur Zuordnungsindizes', bare),
      `(${indexes.length} Such-/Sortierindizes entfernt)`,
    );
  });
}

async function benchPortal(kind, env, freshDatabase = async () => {}) {
  const results = {};
  // CSV: a fresh import of the whole catalog, then the same file again (every row matched, none changed).
  if (!options.xlsxOnly)
    await withPortal(env, async ({ base, cookie, config, pid }) => {
      const csv = await withRss(pid, () => runImport(base, cookie, config.id, fileSource(csvFile)));
      console.log(
        line(`${kind}: CSV, neu`, csv.result),
        `RSS ${Math.round(csv.before)} → max ${Math.round(csv.peak)} MB`,
      );
      results.csv = csv;
      if (options.csvOnly) return;
      const again = await withRss(pid, () => runImport(base, cookie, config.id, fileSource(csvFile)));
      console.log(
        line(`${kind}: CSV, dieselbe Datei erneut`, again.result),
        `RSS max ${Math.round(again.peak)} MB`,
      );
      results.again = again;
    });
  if (options.csvOnly) return results;
  // XLSX on a fresh server and database, so that its RSS and time are the import's and not the CSV run's.
  if (!options.xlsxOnly) await freshDatabase();
  await withPortal(env, async ({ base, cookie, config, pid }) => {
    const xlsx = await withRss(pid, () => runImport(base, cookie, config.id, fileSource(xlsxFile)));
    console.log(
      line(`${kind}: XLSX`, xlsx.result),
      `RSS ${Math.round(xlsx.before)} → max ${Math.round(xlsx.peak)} MB (Budget < 512 MB)`,
    );
    results.xlsx = xlsx;
  });
  if (!options.skipUpload) {
    await withPortal(env, async ({ base, cookie, pid }) => {
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
      results.upload = upload;
    });
  }
  return results;
}

/** `psql \copy` of the same CSV into a plain table of 16 text columns: the reference of the budget. */
function psqlCopy(url) {
  const columns = CATALOG_HEADERS.map((_, index) => `c${index} text`).join(', ');
  execFileSync('psql', [url, '-q', '-c', `CREATE TABLE bench_copy (${columns})`]);
  const started = performance.now();
  execFileSync('psql', [
    url,
    '-q',
    '-c',
    `\\copy bench_copy FROM '${csvFile}' WITH (FORMAT csv, DELIMITER ';', HEADER true)`,
  ]);
  const seconds = (performance.now() - started) / 1000;
  execFileSync('psql', [url, '-q', '-c', 'DROP TABLE bench_copy']);
  return seconds;
}

console.log(
  `Artikelimport: ${options.xlsxOnly ? 'keine' : `${options.csvRows} (${Math.round(statSync(csvFile).size / 1e6)} MB)`} CSV-Zeilen, ${options.xlsxRows} XLSX-Zeilen, ` +
    `${os.cpus().length} Kerne, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Last ${loadAverage()}`,
);
if (!options.skipPostgres) {
  const database = `portal_bench_import_${process.pid}`;
  const admin = new URL(options.pg);
  const url = new URL(options.pg);
  url.pathname = `/${database}`;
  spawnSync('psql', [admin.toString(), '-q', '-c', `CREATE DATABASE ${database}`], { stdio: 'inherit' });
  try {
    const results = await benchPortal('PostgreSQL', { DATABASE_URL: url.toString() }, async () => {
      spawnSync('psql', [admin.toString(), '-q', '-c', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`]);
      spawnSync('psql', [admin.toString(), '-q', '-c', `CREATE DATABASE ${database}`], { stdio: 'inherit' });
    });
    if (results.csv) {
      const copySeconds = psqlCopy(url.toString());
      const copyRate = Math.round(options.csvRows / copySeconds);
      const importRate = Math.round(results.csv.result.rows / results.csv.result.totalSeconds);
      console.log(
        `psql \\copy derselben Datei in eine Tabelle: ${copySeconds.toFixed(1)} s, ${copyRate} Zeilen/s; ` +
          `Import = ${(importRate / copyRate).toFixed(2)}x \\copy (Budget >= 0,5x und >= 100.000 Zeilen/s)`,
      );
      globalThis.postgresRate = importRate;
    }
    if (options.bareCatalog) {
      const bare = new URL(options.pg);
      bare.pathname = `/${database}_bare`;
      spawnSync('psql', [admin.toString(), '-q', '-c', `CREATE DATABASE ${database}_bare`], {
        stdio: 'inherit',
      });
      try {
        await benchBareCatalog(bare.toString());
      } finally {
        spawnSync(
          'psql',
          [admin.toString(), '-q', '-c', `DROP DATABASE IF EXISTS ${database}_bare WITH (FORCE)`],
          {
            stdio: 'inherit',
          },
        );
      }
    }
  } finally {
    spawnSync('psql', [admin.toString(), '-q', '-c', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`], {
      stdio: 'inherit',
    });
  }
}
if (!options.skipPglite) {
  const results = await benchPortal('PGlite', {});
  const rate = results.csv && Math.round(results.csv.result.rows / results.csv.result.totalSeconds);
  if (rate && globalThis.postgresRate) {
    console.log(
      `PGlite / PostgreSQL (CSV): ${(globalThis.postgresRate / rate).toFixed(2)}x langsamer (Budget <= 4x)`,
    );
  }
}
