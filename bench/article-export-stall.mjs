// How long a request's query waits behind the article export on the embedded database (ARCHITECTURE §3a: no
// request waits > 100 ms behind background work): the export of a catalog of `--articles` articles, batch
// by batch as the export job reads it, once with batches of a fixed 2,000 rows (the size before) and once
// sized by their time (article-export.ts), alternately `--reps` times. Meanwhile a probe sends `select 1`
// every 5 ms, one at a time, and records how long each took. The baseline is the probe without an export.
//
//   node --import tsx bench/article-export-stall.mjs [--articles 50000] [--reps 2]
//
// PGlite runs on its own thread as the server runs it (TEST_PGLITE_THREAD=1), in memory.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadAverage, parseArgs } from './lib/portal.mjs';

process.env.TEST_PGLITE_THREAD = '1';
process.env.TEST_DATABASE_URL = '';
const { createTestApp } = await import('../server/src/test/test-app.ts');
const { exportBatches } = await import('../server/src/modules/article/article-export.ts');

const options = parseArgs(process.argv.slice(2), { articles: 50_000, reps: 2 });
const ARTICLES = Number(options.articles);
const REPS = Number(options.reps);

const ctx = await createTestApp();
const sql = (text, values) => ctx.database.executeSql(text, values);
await sql(`insert into manufacturers (display_name) select 'Hersteller ' || m from generate_series(1, 10) m`);
await sql(
  `insert into articles (manufacturer_id, order_number, manufacturer_number, description, list_price)
   select (select id from manufacturers order by display_name offset a % 10 limit 1), 'BN-' || a, 'HN-' || a,
     'Reihenklemme ' || a || ' mit einer Beschreibung, wie Kataloge sie haben', 10 + (a % 500) * 0.37
   from generate_series(1, $1::int) a`,
  [ARTICLES],
);

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Probes while `work` runs; returns the work's time and the probes' latencies. */
async function probeDuring(work) {
  const latencies = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await sql('select 1');
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  const result = await work();
  const took = performance.now() - started;
  running = false;
  await probe;
  latencies.sort((a, b) => a - b);
  return { took, result, latencies };
}

async function exportAll(size) {
  let rows = 0;
  let batches = 0;
  for await (const batch of exportBatches(ctx.db, {}, size)) {
    rows += batch.length;
    batches += 1;
  }
  return { rows, batches };
}

const line = (label, { took, result, latencies }) =>
  console.log(
    `${label.padEnd(24)} ${result ? `${result.rows} Artikel in ${result.batches} Stapeln, ${(took / 1000).toFixed(2)} s; ` : ''}` +
      `Probe n=${latencies.length} p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms`,
  );

console.log(
  `${os.cpus().length} Kerne ${os.cpus()[0].model}, Node ${process.version}, Last ${loadAverage()}`,
);
await exportAll(2000); // warm-up: plans and caches
line('ohne Export', await probeDuring(() => new Promise((resolve) => setTimeout(resolve, 3000))));
for (let rep = 0; rep < REPS; rep++) {
  line('feste 2.000 Zeilen', await probeDuring(() => exportAll(2000)));
  line('nach Zeit bemessen', await probeDuring(() => exportAll(undefined)));
}
console.log(`Last danach ${loadAverage()}`);
await ctx.close();
