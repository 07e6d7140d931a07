// BMEcat reading speed (bench/README.md "BMEcat-Katalog"): the portal's BMEcat reader and the import's
// reading of catalog files (files/catalogs + stage-catalog.ts: mapping, checks, COPY text of rows, refusals
// and classes/references), in this process, without server or database: products/s and peak RSS.
//
//   node bench/generate-bmecat.mjs --products 100000     (once)
//   node --import tsx bench/bmecat-import.mjs [--products 100000] [--reps 2] [--only reader|stage]
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadAverage, parseArgs, root } from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), { products: 100_000, reps: 2, only: '' });
const file = path.join(root, 'bench', 'out', `bmecat-${options.products}.xml`);
if (!existsSync(file))
  throw new Error(`${file} fehlt: node bench/generate-bmecat.mjs --products ${options.products}`);
const load = (part) => import(pathToFileURL(path.join(root, part)).href);
const { readBmecat } = await load('server/src/files/catalogs/bmecat.ts');
const { readCatalogPieces } = await load('server/src/modules/article-import/stage-catalog.ts');

/** Every name known: the manufacturer and unit lookups answer at once, as the server's cache would. */
const lookup = async (_names, keys) =>
  keys.map((key) => ({ key, id: '00000000-0000-4000-8000-000000000001' }));

async function measure(label, read) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let peak = process.memoryUsage().rss;
  const products = await read(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  console.log(
    `${label}: ${products} Produkte in ${seconds.toFixed(2)} s = ${Math.round(products / seconds)} Produkte/s (CPU ${((used.user + used.system) / 1e6).toFixed(2)} s), RSS max ${Math.round(peak / 1024 ** 2)} MB`,
  );
}

console.log(
  `${path.basename(file)}: ${(statSync(file).size / 1024 ** 2).toFixed(0)} MB, Last ${loadAverage()}`,
);
for (let rep = 0; rep < Number(options.reps); rep += 1) {
  if (options.only !== 'stage') {
    await measure('Leser (readBmecat)', async (sample) => {
      let products = 0;
      for await (const chunk of readBmecat(file, { chunkRecords: 2000 })) {
        products += chunk.records.length + chunk.refusals.length;
        sample();
      }
      return products;
    });
  }
  if (options.only !== 'reader') {
    await measure('Importlesen (Leser + Zuordnung + COPY-Text)', async (sample) => {
      let products = 0;
      const job = { path: file, fileName: 'katalog.xml', chunkRows: 2000, catalog: 'BMECAT', config: {} };
      for await (const piece of readCatalogPieces(job, lookup)) {
        if (piece.kind === 'rows') products += piece.read;
        sample();
      }
      return products;
    });
  }
}
