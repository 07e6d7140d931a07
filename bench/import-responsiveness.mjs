// Responsiveness during an article import on the embedded database (ARCHITECTURE §3a/§7: no request waits
// more than 100 ms behind an import): from the START of the upload (and a few seconds of quiet before it, as
// the baseline of the same run) two endpoints are requested every `intervalMs`, each request on its own:
// `/api/health` (asks the database) and a business list, the supplier's offer list (`GET /api/offer/filter`,
// signed in as the demo supplier). Prints n, p50/p99/max and the answers other than 200 per endpoint, for the
// whole import and split by its phases (upload, reading, writing).
//
//   node bench/generate-catalog.mjs --rows 300000 --xlsxRows 10   (once: bench/out/catalog-300000.csv)
//   npm run build                                                  (the bench starts server/dist/main.js)
//   node bench/import-responsiveness.mjs [--csvRows 300000] [--abortAfter 0] [--server server/dist/main.js]
//                                        [--port 0] [--quietMs 3000]
//
// `--abortAfter <s>`: "Import beenden" that many seconds after the start; prints how long the end took.
// `--port`: the portal's port (0: a free one). A fresh temporary DATA_DIR with the demo seed; loopback only.
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
  port: 0,
  quietMs: 3000,
});
/** The supplier's offer list as bench/offer-list.mjs requests it. */
const BUSINESS_LIST = '/api/offer/filter?states=OPEN,DECLINED';
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

function summary(label, samples) {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(0).padStart(6)} ms`;
  const statuses = {};
  for (const { status } of samples) if (status !== 200) statuses[status] = (statuses[status] ?? 0) + 1;
  const other = Object.entries(statuses)
    .map(([status, count]) => `${count}x ${status}`)
    .join(', ');
  return `${label.padEnd(44)} n=${String(sorted.length).padStart(5)}  p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? 0)}${other ? `  (${other})` : ''}`;
}

/**
 * Requests each of `targets` every `intervalMs`, each request on its own (a frozen server makes them pile
 * up, as in a browser), labelled with the phase current when it was sent. `stop()` waits for the answers.
 */
function sample(base, targets, phaseNow) {
  const samples = [];
  const inFlight = new Set();
  const timer = setInterval(() => {
    for (const { name, url, cookie } of targets) {
      const sent = performance.now();
      const phase = phaseNow();
      const request = fetch(`${base}${url}`, { headers: cookie ? { cookie } : {} })
        .then(async (response) => {
          await response.arrayBuffer();
          samples.push({ name, phase, status: response.status, ms: performance.now() - sent });
        })
        .catch(() => samples.push({ name, phase, status: 'Fehler', ms: Number.POSITIVE_INFINITY }))
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
  }, options.intervalMs);
  return {
    samples,
    async stop() {
      clearInterval(timer);
      await Promise.all([...inFlight]);
    },
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-responsive-'));
const port = options.port || (await freePort());
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
  const supplierCookie = await signInCookie(base, 'lieferant@demo.local');
  console.log(`Last vorher: ${loadAverage()}`);
  let phase = 'Ruhe vorher';
  const sampler = sample(
    base,
    [
      { name: '/api/health', url: '/api/health' },
      { name: 'Angebotsliste (Lieferant)', url: BUSINESS_LIST, cookie: supplierCookie },
    ],
    () => phase,
  );
  await new Promise((resolve) => setTimeout(resolve, options.quietMs));
  phase = 'Upload';
  const started = performance.now();
  await postFile(base, cookie, config.body.id, csvFile);
  const uploaded = performance.now();
  phase = 'Lesen';

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
  await sampler.stop();
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
  for (const name of ['/api/health', 'Angebotsliste (Lieferant)']) {
    const mine = sampler.samples.filter((one) => one.name === name);
    const during = mine.filter((one) => one.phase !== 'Ruhe vorher');
    console.log(summary(`${name}, ganzer Import`, during));
    for (const part of ['Ruhe vorher', 'Upload', 'Lesen', 'Schreiben']) {
      const inPart = mine.filter((one) => one.phase === part);
      if (inPart.length) console.log(summary(`  ${part}`, inPart));
    }
  }
  console.log(`Last nachher: ${loadAverage()}`);
} finally {
  await stopPortal(portal);
  rmSync(dataDir, { recursive: true, force: true });
}
