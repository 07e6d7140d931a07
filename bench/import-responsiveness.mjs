// Responsiveness during an article import on the embedded database (ARCHITECTURE §3a/§7: no request waits
// more than 100 ms behind an import): `/api/health` (which asks the database) is requested every 100 ms while a
// CSV catalog is imported on PGlite; prints p50/p99/max of those answers, split by the import's phases.
//
//   node bench/generate-catalog.mjs --rows 300000 --xlsxRows 10   (once: bench/out/catalog-300000.csv)
//   npm run build                                                  (the bench starts server/dist/main.js)
//   node bench/import-responsiveness.mjs [--csvRows 300000] [--abortAfter 0] [--server server/dist/main.js]
//
// `--abortAfter <s>`: "Import beenden" that many seconds after the start; prints how long the end took.
// A fresh temporary DATA_DIR with the demo seed; loopback only.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
import { fileSource, postMultipart } from './lib/upload.mjs';

const options = parseArgs(process.argv.slice(2), {
  csvRows: 300_000,
  abortAfter: 0,
  intervalMs: 100,
  server: 'server/dist/main.js',
});
const csvFile = path.join(root, 'bench', 'out', `catalog-${options.csvRows}.csv`);
if (!existsSync(csvFile))
  throw new Error(`${csvFile} fehlt: zuerst node bench/generate-catalog.mjs ausführen.`);
if (options.server === 'server/dist/main.js' && !hasBuild())
  throw new Error('server/dist fehlt: zuerst npm run build ausführen.');

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
};

async function api(base, cookie, method, url, body) {
  const response = await fetch(`${base}/api${url}`, {
    method,
    // The web app's own request header: the proof of origin that GET routes changing data ask for (abort).
    headers: {
      cookie,
      origin: base,
      'x-portal-request': '1',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Streams the import file (bench/lib/upload.mjs); preview=false: the import writes at once, without the preview. */
function postFile(base, cookie, configId, filePath) {
  return postMultipart(
    base,
    cookie,
    '/article/import',
    { importConfigId: configId, preview: 'false' },
    fileSource(filePath),
  );
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

function summary(label, latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(0).padStart(6)} ms`;
  return `${label.padEnd(28)} n=${String(sorted.length).padStart(5)}  p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? 0)}`;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-responsive-'));
const port = await freePort();
const portal = startPortal({ command: ['node', options.server], port, dataDir, env: { SEED_DEMO: 'true' } });
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForUrl(portal, `${base}/api/health`);
  const cookie = await signInCookie(base, 'admin@demo.local');
  const config = await api(base, cookie, 'POST', '/import/config/', {
    title: `Bench ${Date.now()}`,
    description: 'Generierter Katalog (bench/generate-catalog.mjs)',
    headers: CATALOG_HEADERS,
    headerRowIndex: 1,
    fieldMapping: Object.entries(MAPPING).map(([importHeader, articleField]) => ({
      importHeader,
      articleField,
    })),
    unitWidth: 'MM',
    unitHeight: 'MM',
    unitDepth: 'MM',
    unitWeight: 'G',
  });
  console.log(`Last vorher: ${loadAverage()}`);
  const started = performance.now();
  await postFile(base, cookie, config.body.id, csvFile);
  const uploaded = performance.now();

  // Health every `intervalMs`, each request on its own (a frozen server makes them pile up, as in a browser).
  const samples = [];
  let phase = 'Lesen';
  const poller = setInterval(() => {
    const sent = performance.now();
    const during = phase;
    fetch(`${base}/api/health`)
      .then((response) => response.text())
      .then(() => samples.push({ phase: during, ms: performance.now() - sent }))
      .catch(() => samples.push({ phase: during, ms: Number.POSITIVE_INFINITY }));
  }, options.intervalMs);

  let status;
  let abortAnswered = null;
  let abortSent = null;
  for (;;) {
    status = (await api(base, cookie, 'GET', '/article/import')).body;
    if (!status.running) break;
    if (status.run.lastCommittedLine) phase = 'Schreiben';
    if (options.abortAfter && !abortSent && performance.now() - started > options.abortAfter * 1000) {
      abortSent = performance.now();
      const answer = await api(base, cookie, 'GET', '/article/import/abort');
      abortAnswered = { status: answer.status, ms: performance.now() - abortSent };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const finished = performance.now();
  clearInterval(poller);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const run = status.run;
  console.log(
    `Import ${run.state}: ${run.processedRows} Zeilen in ${((finished - started) / 1000).toFixed(1)} s (Upload ${((uploaded - started) / 1000).toFixed(1)} s); ${run.createdCount} neu, ${run.updatedCount} aktualisiert, ${run.errorCount} Fehler`,
  );
  if (run.message) console.log(`  ${run.message}`);
  if (abortSent) {
    console.log(
      `Beenden: Antwort ${abortAnswered.status} nach ${abortAnswered.ms.toFixed(0)} ms; Lauf beendet ${((finished - abortSent) / 1000).toFixed(1)} s nach dem Klick`,
    );
  }
  console.log(
    summary(
      '/api/health, gesamt',
      samples.map((sample) => sample.ms),
    ),
  );
  for (const name of ['Lesen', 'Schreiben']) {
    const part = samples.filter((sample) => sample.phase === name).map((sample) => sample.ms);
    if (part.length) console.log(summary(`/api/health, ${name}`, part));
  }
  console.log(`Last nachher: ${loadAverage()}`);
} finally {
  await stopPortal(portal);
  rmSync(dataDir, { recursive: true, force: true });
}
