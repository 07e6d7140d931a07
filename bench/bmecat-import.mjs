// BMEcat reading speed (bench/README.md "BMEcat-Katalog"): the portal's BMEcat reader and the import's
// reading of catalog files (files/catalogs + stage-catalog.ts: mapping, checks, COPY text of rows, refusals
// and classes/references), in this process, without server or database: products/s and peak RSS.
//
//   node bench/generate-bmecat.mjs --products 100000     (once)
//   node --import tsx bench/bmecat-import.mjs [--products 100000] [--reps 2] [--only xml|reader|stage]
//        [--before <folder>]
//
// xml:    the XML alone, as baseline for the reader: the portal's XmlScanner and saxes (the general streaming
//         parser it replaced) over the same decoded chunks, handlers that only count elements.
// reader: readBmecat; with --before also the reader of an earlier state, alternately in the same process:
//   mkdir -p bench/out/before && git archive <commit> server/src | tar -x -C bench/out/before
//   node --import tsx bench/bmecat-import.mjs --only reader --before bench/out/before
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadAverage, parseArgs, root } from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), { products: 100_000, reps: 2, only: '', before: '' });
const file = path.join(root, 'bench', 'out', `bmecat-${options.products}.xml`);
if (!existsSync(file))
  throw new Error(`${file} fehlt: node bench/generate-bmecat.mjs --products ${options.products}`);
const load = (part) => import(pathToFileURL(path.join(root, part)).href);
const { readBmecat } = await load('server/src/files/catalogs/bmecat.ts');
const { readCatalogPieces } = await load('server/src/modules/article-import/stage-catalog.ts');
const { XmlScanner } = await load('server/src/files/xml/xml-scanner.ts');
const before =
  options.before === ''
    ? null
    : await import(pathToFileURL(path.resolve(options.before, 'server/src/files/catalogs/bmecat.ts')).href);

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
/** The file's elements through `parser` (write/close), counting PRODUCT elements as the reader would. */
async function parseOnly(parser, onOpen, sample) {
  let products = 0;
  onOpen((name) => {
    if (name === 'PRODUCT') products += 1;
  });
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
    parser.write(decoder.decode(chunk, { stream: true }));
    sample();
  }
  parser.close();
  return products;
}

async function readAll(read, sample) {
  let products = 0;
  for await (const chunk of read(file, { chunkRecords: 2000 })) {
    products += chunk.records.length + chunk.refusals.length;
    sample();
  }
  return products;
}

for (let rep = 0; rep < Number(options.reps); rep += 1) {
  if (options.only === 'xml') {
    const { SaxesParser } = await import('saxes');
    await measure('XML allein: saxes', (sample) => {
      const parser = new SaxesParser({ xmlns: false, position: true });
      parser.on('text', () => {});
      return parseOnly(parser, (count) => parser.on('opentag', (tag) => count(tag.name)), sample);
    });
    await measure('XML allein: XmlScanner', (sample) => {
      const parser = new XmlScanner();
      parser.on('text', () => {});
      return parseOnly(parser, (count) => parser.on('opentag', (tag) => count(tag.name)), sample);
    });
  }
  if (options.only === '' || options.only === 'reader') {
    if (before) await measure('Leser vorher (--before)', (sample) => readAll(before.readBmecat, sample));
    await measure('Leser (readBmecat)', (sample) => readAll(readBmecat, sample));
  }
  if (options.only === '' || options.only === 'stage') {
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
