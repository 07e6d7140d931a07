// Realistic supplier catalogs for the article import bench (ARCHITECTURE §7).
//
//   node bench/generate-catalog.mjs [--rows 1000000] [--xlsxRows 100000] [--out bench/out]
//
// Writes `catalog-<rows>.csv` (semicolon separated, UTF-8 with byte-order mark, German decimal comma,
// dimensions in mm and weights in g as suppliers deliver them) and `catalog-<xlsxRows>.xlsx` with the same
// columns. Deterministic: the same arguments give the same files. The header row matches the import
// configuration the bench creates (see article-import.mjs).
import { once } from 'node:events';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';

export const CATALOG_HEADERS = [
  'Hersteller',
  'Bestellnummer',
  'Herstellernummer',
  'Kurztext',
  'Einheit',
  'Listenpreis',
  'Einkaufspreis',
  'Breite (mm)',
  'Höhe (mm)',
  'Tiefe (mm)',
  'Gewicht (g)',
  'EAN',
  'Zolltarifnummer',
  'Ursprungsland',
  'Lieferzeit',
  'VPE',
];

const MANUFACTURERS = [
  { name: 'Phoenix Contact', order: (n) => String(2800000 + n), mfr: (n) => `PC-${2800000 + n}` },
  {
    name: 'Siemens',
    order: (n) => `3RV${pad(n, 6)}-${n % 9}${letter(n)}A1${n % 7}`,
    mfr: (n) => `SIE${pad(n, 7)}`,
  },
  { name: 'Rittal', order: (n) => `SZ ${pad(n, 6)}.${pad(n % 1000, 3)}`, mfr: (n) => `R${pad(n, 8)}` },
  { name: 'WAGO', order: (n) => `${2000 + (n % 900)}-${pad(n, 6)}`, mfr: (n) => `W${pad(n, 8)}` },
  { name: 'Weidmüller', order: (n) => String(1000000000 + n * 7), mfr: (n) => `WM${pad(n, 8)}` },
  { name: 'ABB', order: (n) => `1SDA${pad(n, 6)}R1`, mfr: (n) => `ABB${pad(n, 7)}` },
  { name: 'Schneider Electric', order: (n) => `LC1D${pad(n, 6)}${letter(n)}7`, mfr: (n) => `SE${pad(n, 8)}` },
  { name: 'Eaton', order: (n) => `DILM${pad(n % 100, 2)}-${pad(n, 6)}`, mfr: (n) => `EA${pad(n, 8)}` },
];

const TEXTS = [
  'Leistungsschalter 3-polig',
  'Hutschienen-Reihenklemme grau',
  'Schütz 24 V DC Spulenspannung',
  'Motorschutzschalter Baugröße S00',
  'Kabelkanal Schlitzbreite 8 mm',
  'Schaltschrank-Lüfter mit Filter',
  'Sicherungsautomat B16 1-polig',
  'Netzteil 24 V / 5 A für Tragschiene',
  'Durchgangsklemme 2,5 mm² blau',
  'Steckbrücke 10-polig für Klemmen',
  'Überspannungsschutz Typ 2',
  'Türgriff für Kompaktgehäuse',
];
const UNITS = ['Stück', 'Meter', 'Stk', 'Satz'];
const COUNTRIES = ['DE', 'AT', 'CH', 'CN', 'IT', 'FR', 'PL', 'CZ'];

function pad(value, width) {
  return String(value).padStart(width, '0');
}
function letter(n) {
  return String.fromCharCode(65 + (n % 26));
}
/** German decimal comma, `digits` places. */
function decimal(value, digits) {
  return value.toFixed(digits).replace('.', ',');
}

/** A small deterministic pseudo-random generator (mulberry32), so runs are repeatable. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Row `n` (0-based) of the catalog as cell strings in CATALOG_HEADERS order. */
export function catalogRow(n, next) {
  const maker = MANUFACTURERS[n % MANUFACTURERS.length];
  const serial = Math.floor(n / MANUFACTURERS.length);
  const list = 1 + next() * 900;
  return [
    maker.name,
    maker.order(serial),
    maker.mfr(serial),
    `${TEXTS[n % TEXTS.length]} ${serial % 97}`,
    UNITS[n % 17 === 0 ? 1 + (n % 3) : 0],
    decimal(list, 2),
    decimal(list * (0.55 + next() * 0.3), 2),
    String(Math.round(5 + next() * 600)),
    String(Math.round(10 + next() * 800)),
    decimal(20 + next() * 400, 1),
    String(Math.round(15 + next() * 25000)),
    String(4000000000000 + n),
    String(85000000 + (n % 999999)),
    COUNTRIES[n % COUNTRIES.length],
    String(1 + (n % 30)),
    String([1, 1, 1, 5, 10, 50, 100][n % 7]),
  ];
}

function csvCell(value) {
  return /[;"\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export async function writeCatalogCsv(file, rows) {
  const out = createWriteStream(file);
  const next = random(42);
  out.write(`\uFEFF${CATALOG_HEADERS.join(';')}\r\n`);
  let chunk = '';
  for (let n = 0; n < rows; n++) {
    chunk += `${catalogRow(n, next).map(csvCell).join(';')}\r\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

export function writeCatalogXlsx(file, rows) {
  const next = random(7);
  const data = [CATALOG_HEADERS];
  for (let n = 0; n < rows; n++) data.push(catalogRow(n, next));
  const sheet = XLSX.utils.aoa_to_sheet(data, { dense: true });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Artikel');
  writeFileSync(
    file,
    XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true, bookSST: true }),
  );
}

async function main() {
  const args = {
    rows: 1_000_000,
    xlsxRows: 100_000,
    out: path.join(path.dirname(fileURLToPath(import.meta.url)), 'out'),
  };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (!(name in args)) throw new Error(`Unbekannte Option ${argv[i]}`);
    args[name] = name === 'out' ? argv[i + 1] : Number(argv[i + 1]);
  }
  mkdirSync(args.out, { recursive: true });
  const csv = path.join(args.out, `catalog-${args.rows}.csv`);
  const xlsx = path.join(args.out, `catalog-${args.xlsxRows}.xlsx`);
  let started = performance.now();
  await writeCatalogCsv(csv, args.rows);
  console.log(`${csv}: ${args.rows} Zeilen in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  writeCatalogXlsx(xlsx, args.xlsxRows);
  console.log(`${xlsx}: ${args.xlsxRows} Zeilen in ${Math.round(performance.now() - started)} ms`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
