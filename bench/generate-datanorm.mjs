// A wholesaler's DATANORM 4 article file for the DATANORM reader bench (bench/README.md "DATANORM-Leser").
//
//   node bench/generate-datanorm.mjs [--rows 1000000] [--out bench/out]
//
// Writes `datanorm-<rows>.001` as wholesalers deliver it: code page 850, Windows line ends, the fixed-width
// V header, one A and one B record per article (every tenth with a long text in T records before it),
// umlauts and mm² in the texts, cables priced per 100 m (Preiseinheit code 2), list and net prices, EANs
// with check digit, and the DOS end-of-file byte 0x1A at the end. Deterministic: the same arguments give
// the same file.
import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, root } from './lib/portal.mjs';

const CP850 = {
  ä: 0x84,
  ö: 0x94,
  ü: 0x81,
  Ä: 0x8e,
  Ö: 0x99,
  Ü: 0x9a,
  ß: 0xe1,
  '²': 0xfd,
  '³': 0xfc,
  '°': 0xf8,
};

/** The text as CP850 bytes, spelled as a latin1 string (one character per byte). */
function cp850(text) {
  return text.replace(/[äöüÄÖÜß²³°]/g, (char) => String.fromCharCode(CP850[char]));
}

const MANUFACTURERS = [
  'ABB',
  'SIEMENS',
  'PHOENIX',
  'WEIDMUELLER',
  'RITTAL',
  'SCHNEIDER',
  'EATON',
  'HAGER',
  'WAGO',
  'LAPP',
];
const KINDS = [
  ['Schütz', '3-polig, 24 V DC', 'Stk', 0],
  ['Motorschutzschalter', 'Einstellbereich 0,1-0,16 A', 'Stk', 0],
  ['Leitungsschutzschalter B16', '1-polig, 6 kA', 'Stk', 0],
  ['Reihenklemme 2,5 mm²', 'grau, für Tragschiene TS 35', 'Stk', 0],
  ['Mantelleitung NYM-J 3x1,5 mm²', 'grau, Ring 100 m', 'm', 2],
  ['Steuerleitung ÖLFLEX 7G1,5', 'Meterware', 'm', 2],
  ['Gerätesteckdose', 'Hutschienenmontage', 'Stk', 0],
  ['Lüfter mit Filter', '230 V AC, 55 m³/h', 'Stk', 0],
  ['Schaltschrankleuchte LED', 'Türkontaktschalter, 600 lm', 'Stk', 0],
  ['Kabelverschraubung M20', 'Messing vernickelt, -40 bis 100 °C', 'Stk', 1],
  ['Aderendhülse 1,5 mm²', 'isoliert, schwarz', 'Stk', 3],
  ['Montageplatte', 'Stahlblech verzinkt, Größe 800x600', 'Stk', 0],
];

/** EAN-13 with its check digit. */
function ean(index) {
  const body = String(400_000_000_000 + index).padStart(12, '0');
  let sum = 0;
  for (let digit = 0; digit < 12; digit++) sum += Number(body[digit]) * (digit % 2 === 0 ? 1 : 3);
  return body + ((10 - (sum % 10)) % 10);
}

function header() {
  const line = `V 271126${'Elektro-Großhandel Muster GmbH'.padEnd(40)}${'Artikeldaten Schaltschrankbau'.padEnd(40)}${'Preisliste 2026'.padEnd(35)}04EUR`;
  if (line.length !== 128) throw new Error('header must be 128 characters');
  return line;
}

/** The lines of article `index`: T records (every tenth), A and B. */
function articleLines(index) {
  const [text, text2, unit, priceUnit] = KINDS[index % KINDS.length];
  const manufacturer = MANUFACTURERS[index % MANUFACTURERS.length];
  const number = `${manufacturer.slice(0, 3)}${String(index).padStart(8, '0')}`;
  const cents = 50 + ((index * 7919) % 250_000);
  const net = index % 3 === 0;
  const lines = [];
  let textKey = '';
  if (index % 10 === 0) {
    textKey = `T${index}`;
    lines.push(`T;N;${textKey};;1;;${text} von ${manufacturer};2;;für den Einbau im Schaltschrank;`);
    lines.push(`T;N;${textKey};;3;;Prüfung nach DIN EN 61439;4;;Lieferung ohne Zubehör;`);
  }
  lines.push(
    `A;N;${number};${textKey ? '40' : '00'};${text} ${manufacturer};${text2};${net ? 2 : 1};${priceUnit};${unit};${cents};RG${index % 40};${10 + (index % 20)};${textKey};`,
  );
  lines.push(
    `B;N;${number};${number.slice(0, 15)};${manufacturer}-${index};S.${index % 900};0;0;0;${ean(index)}; ;${1000 + (index % 50)};0;${index % 5 === 0 ? 10 : 1}; ; ;`,
  );
  return lines;
}

export async function generateDatanorm(rows, outDir) {
  mkdirSync(outDir, { recursive: true });
  const target = path.join(outDir, `datanorm-${rows}.001`);
  const out = createWriteStream(target);
  out.write(Buffer.from(`${cp850(header())}\r\n`, 'latin1'));
  let batch = [];
  for (let index = 0; index < rows; index++) {
    batch.push(...articleLines(index));
    if (batch.length >= 20_000 || index === rows - 1) {
      if (!out.write(Buffer.from(`${cp850(batch.join('\r\n'))}\r\n`, 'latin1'))) await once(out, 'drain');
      batch = [];
    }
  }
  out.end(Buffer.from([0x1a]));
  await once(out, 'finish');
  return target;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = parseArgs(process.argv.slice(2), { rows: 1_000_000, out: path.join(root, 'bench/out') });
  const started = performance.now();
  const target = await generateDatanorm(Number(options.rows), path.resolve(options.out));
  console.log(`${target} (${Math.round(performance.now() - started)} ms)`);
}
