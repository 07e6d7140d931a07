// EPLAN-shaped BOM files for the matching bench (bench/bom-match.mjs; bench/README.md "Stückliste nach
// EPLAN-Art: normalisierte Nummern und Vorschläge").
//
//   node --import tsx bench/generate-eplan-bom.mjs [--lines 20000] [--out bench/out]   (demo articles, no database)
//
// An EPLAN P8 "Artikelstückliste" as the trade writes it: five title rows and a banner above the header row,
// headers with a line break before the IEC 81346 prefix ("Modul\n==", "Funktion\n=", "Aufstellort\n++",
// "Einbauort\n+", "BMK\n-"), "ERP- Nummer", "Stückzahl", manufacturers as EPLAN short codes (SIE, PXC, RIT …),
// quantities as text ("2 Stk", "10,0 m"), 5 % of the numbers respelt (case, spaces, '-', '.'), cables as
// "Meterware" with the length in the text, "Beistellung" lines, and numbers the catalog does not have (half
// of them typos of catalog numbers, which the suggestions should find). Deterministic for the same seed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';

export const EPLAN_HEADERS = [
  'Modul\n==',
  'Funktion\n=',
  'Aufstellort\n++',
  'Einbauort\n+',
  'BMK\n-',
  'Stückzahl',
  'Hersteller',
  'Bestellnummer',
  'Typ',
  'Bezeichnung',
  'ERP- Nummer',
  'Teileart',
  'Funktionsgruppe',
];

/** The line kinds and their shares in percent (the rest are plain catalog lines, "Katalognummer"). */
export const EPLAN_KINDS = [
  ['Schreibweise abweichend', 5],
  ['Meterware', 6],
  ['Beistellung', 3],
  ['nur Typ', 6],
  ['Tippfehler', 1],
  ['unbekannte Nummer', 1],
];

function random(seed) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/** A number as another catalog or BOM writes it: other case, separators dropped, moved or added. */
export function respell(number, next) {
  const variants = [
    (n) => n.toLowerCase(),
    (n) => n.replace(/[-.\s/]/g, ''),
    (n) => n.replace(/[-.]/g, ' '),
    (n) => (/^\d{7,}$/.test(n) ? `${n.slice(0, 4)}.${n.slice(4)}` : n.replace(/-/g, '.').toLowerCase()),
  ];
  const respelt = variants[Math.floor(next() * variants.length)](number);
  return respelt === number ? `${number.slice(0, 2)} ${number.slice(2)}` : respelt;
}

/** A typo: one character of the number replaced by another of its kind. */
function typo(number, next) {
  const positions = [...number].map((char, index) => [char, index]).filter(([char]) => /[0-9A-Z]/.test(char));
  const [char, index] = positions[Math.floor(next() * positions.length)] ?? ['0', 0];
  const replacement = /\d/.test(char) ? String((Number(char) + 1) % 10) : char === 'Z' ? 'A' : 'Z';
  return number.slice(0, index) + replacement + number.slice(index + 1);
}

/**
 * The sheet and the expected kind of every line. `articles`: catalog lines to draw from, each
 * { orderNumber, manufacturerNumber, shortCode, unit ('Stück' | 'Meter' | …), description, erpNumber? }.
 */
export function generateEplanBom(articles, { lines: count = 20_000, seed = 2711 } = {}) {
  const next = random(seed);
  const kinds = [];
  for (const [kind, share] of EPLAN_KINDS)
    for (let i = 0; i < Math.ceil((count * share) / 100); i++) kinds.push(kind);
  while (kinds.length < count) kinds.push('Katalognummer');
  kinds.length = count;
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }
  const pieces = articles.filter((article) => article.unit !== 'Meter');
  const cables = articles.filter((article) => article.unit === 'Meter');
  const rows = [];
  const expected = [];
  kinds.forEach((kind, i) => {
    const cable = kind === 'Meterware';
    const list = cable && cables.length > 0 ? cables : pieces;
    const article = list[(i * 7919) % list.length];
    const quantity = 1 + Math.floor(next() * 12);
    let amount = `${quantity}`;
    let orderNumber = article.orderNumber;
    let type = next() < 0.5 ? (article.manufacturerNumber ?? '') : '';
    let description = article.description ?? '';
    let partKind = 'Gerät';
    let shortCode = article.shortCode;
    if (kind === 'Schreibweise abweichend') orderNumber = respell(article.orderNumber, next);
    else if (cable) {
      const metres = (5 + Math.floor(next() * 60)) / 2;
      amount = next() < 0.5 ? `${metres.toFixed(1).replace('.', ',')} m` : '1';
      description = `${description} - ${metres.toFixed(1)} M Meterware`;
      partKind = 'Kabel';
    } else if (kind === 'Beistellung') {
      orderNumber = `KD-${String(4700 + i)}`;
      type = '';
      shortCode = 'KUNDE';
      partKind = 'Beistellung';
    } else if (kind === 'nur Typ') {
      orderNumber = '';
      type = article.manufacturerNumber ?? article.orderNumber;
    } else if (kind === 'Tippfehler') {
      orderNumber = typo(article.orderNumber, next);
      type = '';
    } else if (kind === 'unbekannte Nummer') {
      orderNumber = `XQ-${String(Math.floor(next() * 1e8)).padStart(8, '0')}`;
      type = '';
    }
    if (!cable && kind !== 'Beistellung' && next() < 0.3) {
      amount = `${quantity} ${article.unit === 'Packung' ? 'Pck' : 'Stk'}`;
    }
    const group = Math.floor(i / 500);
    rows.push([
      `==PRD${1 + (group % 3)}`,
      `=A${1 + (group % 5)}`,
      `++SCH${1 + (group % 2)}`,
      `+S${1 + (group % 4)}`,
      `-${cable ? 'W' : ['X', 'K', 'Q', 'F', 'A'][i % 5]}${i + 1}`,
      amount,
      shortCode,
      orderNumber,
      type,
      description,
      article.erpNumber ?? '',
      partKind,
      `FG${1 + (i % 40)}`,
    ]);
    expected.push({ kind, orderNumber: article.orderNumber });
  });
  const sheet = [
    ['Artikelstückliste', '', '', '', '', '', '', '', '', '', '', 'EPLAN Electric P8'],
    ['Projekt: Linie 4 – Pumpenstation', '', '', '', '', '', '', '', '', '', '', 'Blatt 1 von 1'],
    ['Kunde: Anlagenbau Muster GmbH'],
    ['Erstellt: 27.11.2026', '', '', '', '', '', '', '', '', '', '', 'Bearbeiter: EPLAN'],
    [],
    ['Stückliste (Artikel, sortiert nach BMK)'],
    EPLAN_HEADERS,
    ...rows,
  ];
  return { sheet, headerRowIndex: 7, expected };
}

/** The sheet as .xlsx bytes. */
export function eplanXlsx(sheet) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Artikelstückliste');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(
    process.argv
      .slice(2)
      .flatMap((arg, index, all) => (arg.startsWith('--') ? [[arg.slice(2), all[index + 1]]] : [])),
  );
  const lines = Number(args.lines ?? 20_000);
  const out = args.out ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'out');
  // Without a database: a small catalog of demo-like numbers.
  const articles = Array.from({ length: 2000 }, (_, n) => ({
    orderNumber: [
      `3RT2${String(n).padStart(3, '0')}-1BB41`,
      String(3044000 + n),
      `2002-${1200 + n}`,
      `SZ ${2500 + n}.000`,
    ][n % 4],
    manufacturerNumber: n % 4 === 1 ? `UT ${1 + (n % 6)}` : null,
    shortCode: ['SIE', 'PXC', 'WAG', 'RIT'][n % 4],
    unit: n % 10 === 9 ? 'Meter' : 'Stück',
    description: n % 10 === 9 ? 'ÖLFLEX CLASSIC 110 3G1,5' : 'Reihenklemme',
  }));
  const { sheet } = generateEplanBom(articles, { lines });
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `eplan-bom-${lines}.xlsx`);
  writeFileSync(file, eplanXlsx(sheet));
  console.log(`${file}: ${lines} Zeilen`);
}
