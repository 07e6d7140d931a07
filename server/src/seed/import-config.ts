import { Readable } from 'node:stream';
import { CSV_BOM } from '@portal/domain/rules/csv';
import { nameKey } from '@portal/domain/rules/name-variants';
import type { FieldMappingEntry } from '@portal/domain/schemas/import-config';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { importConfigs, manufacturerNames, unitNames, wholesalers } from '../db/schema';
import type { FileStorage } from '../files/storage';

/** Where the demo configuration's sample file lives in the storage. */
export const DEMO_SAMPLE_PATH = 'importSample/demo/Weidmueller-Preisliste-2024.csv';

const HEADERS = [
  'Hersteller',
  'Bestellnummer',
  'Typ',
  'Kurztext',
  'ME',
  'Breite (mm)',
  'Höhe (mm)',
  'Tiefe (mm)',
  'Gewicht (g)',
  'Listenpreis EUR',
  'EAN',
];

/** A supplier price list as Weidmüller's distributors send it: mm, g, decimal commas, semicolons. */
const ROWS: string[][] = [
  [
    'Weidmüller',
    '1020000000',
    'WDU 2.5',
    'Durchgangs-Reihenklemme 2,5 mm² beige',
    'Stk',
    '5,1',
    '60',
    '46,5',
    '8,6',
    '0,94',
    '4008190057146',
  ],
  [
    'Weidmüller',
    '1020080000',
    'WDU 2.5 BL',
    'Durchgangs-Reihenklemme 2,5 mm² blau',
    'Stk',
    '5,1',
    '60',
    '46,5',
    '8,6',
    '0,98',
    '4008190057153',
  ],
  [
    'Weidmüller',
    '1010000000',
    'WPE 2.5',
    'Schutzleiter-Reihenklemme grün/gelb',
    'Stk',
    '5,1',
    '60',
    '46,5',
    '12,9',
    '2,85',
    '4008190000739',
  ],
  [
    'Weidmüller',
    '1021500000',
    'WDU 4',
    'Durchgangs-Reihenklemme 4 mm² beige',
    'Stk',
    '6,1',
    '60',
    '46,5',
    '10,4',
    '1,12',
    '4008190049783',
  ],
  [
    'Weidmüller',
    '1050000000',
    'WAP 2.5-10',
    'Abschlussplatte beige',
    'Stk',
    '1,5',
    '56',
    '42',
    '2,2',
    '0,31',
    '4008190063406',
  ],
  [
    'Weidmüller',
    '1059000000',
    'WEW 35/2',
    'Endwinkel für Tragschiene TS 35',
    'Stk',
    '8',
    '47',
    '42',
    '9',
    '0,72',
    '4008190030439',
  ],
  [
    'Weidmüller',
    '1469490000',
    'PRO ECO 120W 24V 5A',
    'Stromversorgung, Schaltnetzteil 24 V DC, 5 A',
    'Stk',
    '40',
    '125',
    '100',
    '500',
    '118,50',
    '4050118275841',
  ],
  [
    'Weidmüller',
    '1469510000',
    'PRO ECO 240W 24V 10A',
    'Stromversorgung, Schaltnetzteil 24 V DC, 10 A',
    'Stk',
    '60',
    '125',
    '100',
    '750',
    '189,00',
    '4050118275865',
  ],
  [
    'Weidmüller',
    '2580180000',
    'PRO QL 72W 24V 3A',
    'Stromversorgung kompakt 24 V DC, 3 A',
    'Stk',
    '32',
    '90',
    '61',
    '235',
    '79,90',
    '4050118588804',
  ],
  [
    'Weidmüller',
    '1342710000',
    'TERMSERIES RSS113024',
    'Relaiskoppler 24 V DC, 1 Wechsler',
    'Stk',
    '6,4',
    '89,6',
    '87,8',
    '29',
    '16,40',
    '4032248904706',
  ],
  [
    'Weidmüller',
    '0514500000',
    'TS 35X7.5/LL 2M/ST/ZN',
    'Tragschiene gelocht, Stahl verzinkt, 2 m',
    'm',
    '35',
    '7,5',
    '2000',
    '620',
    '7,35',
    '4008190025664',
  ],
  [
    'Weidmüller',
    '9005000000',
    'STRIPAX',
    'Abisolierzange 0,08–10 mm²',
    'Stk',
    '190',
    '95',
    '25',
    '180',
    '64,20',
    '4008190026425',
  ],
];

const MAPPING: FieldMappingEntry[] = [
  { importHeader: 'Hersteller', articleField: 'manufacturer' },
  { importHeader: 'Bestellnummer', articleField: 'orderNumber' },
  { importHeader: 'Typ', articleField: 'manufacturerNumber' },
  { importHeader: 'Kurztext', articleField: 'description' },
  { importHeader: 'ME', articleField: 'unit' },
  { importHeader: 'Breite (mm)', articleField: 'width' },
  { importHeader: 'Höhe (mm)', articleField: 'height' },
  { importHeader: 'Tiefe (mm)', articleField: 'depth' },
  { importHeader: 'Gewicht (g)', articleField: 'weight' },
  { importHeader: 'Listenpreis EUR', articleField: 'listPrice' },
  { importHeader: 'EAN', articleField: 'eanNumber' },
];

/** The demo sample file: UTF-8 with byte-order mark, semicolons, CRLF, as spreadsheet programs write it. */
export function demoSampleCsv(): string {
  return `${CSV_BOM}${[HEADERS, ...ROWS].map((row) => row.join(';')).join('\r\n')}\r\n`;
}

async function idByName(db: DbOrTx, table: typeof manufacturerNames | typeof unitNames, name: string) {
  const [row] = await db
    .select({ id: table.itemId })
    .from(table)
    .where(eq(table.nameLower, nameKey(name)));
  return row?.id ?? null;
}

/** One import configuration of the demo (SPEC §2 /import/config) for the sample file above. */
export async function seedImportConfigs(db: DbOrTx): Promise<void> {
  const [wholesaler] = await db.select({ id: wholesalers.id }).from(wholesalers).limit(1);
  await db.insert(importConfigs).values({
    title: 'Weidmüller Preisliste (CSV)',
    description:
      'Preisliste des Großhandels: Maße in Millimeter, Gewichte in Gramm, Einheiten als Kürzel (Stk, m).',
    manufacturerId: await idByName(db, manufacturerNames, 'Weidmüller'),
    wholesalerId: wholesaler?.id ?? null,
    defaultUnitId: await idByName(db, unitNames, 'Stück'),
    filename: 'Weidmueller-Preisliste-2024.csv',
    samplePath: DEMO_SAMPLE_PATH,
    headers: HEADERS,
    headerRowIndex: 1,
    fieldMapping: MAPPING,
    unitWidth: 'MM',
    unitHeight: 'MM',
    unitDepth: 'MM',
    unitWeight: 'G',
  });
}

/** Writes the demo sample into the storage once (the storage is not part of the database seed). */
export async function ensureDemoImportSample(files: FileStorage): Promise<void> {
  if (await files.stat(DEMO_SAMPLE_PATH)) return;
  await files.save(DEMO_SAMPLE_PATH, Readable.from([demoSampleCsv()]));
}
