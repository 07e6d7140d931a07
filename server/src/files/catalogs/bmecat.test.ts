import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogRecord, CatalogRefusal } from '@portal/domain/rules/catalog-record';
import { describe, expect, it } from 'vitest';
import { WrongFormatError } from '../sheets/sheet-source';
import { readBmecat } from './bmecat';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const dir = mkdtempSync(path.join(tmpdir(), 'bmecat-'));

async function readAll(file: string, chunkRecords?: number) {
  const records: CatalogRecord[] = [];
  const refusals: CatalogRefusal[] = [];
  let chunks = 0;
  for await (const chunk of readBmecat(file, { chunkRecords })) {
    chunks += 1;
    records.push(...chunk.records);
    refusals.push(...chunk.refusals);
  }
  return { records, refusals, chunks };
}

function written(name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

const minimal = (body: string, transaction = 'T_NEW_CATALOG') =>
  `<?xml version="1.0"?><BMECAT version="2005"><HEADER><SUPPLIER><SUPPLIER_NAME>Rittal</SUPPLIER_NAME></SUPPLIER></HEADER><${transaction}>${body}</${transaction}></BMECAT>`;

describe('BMEcat reader', () => {
  it('reads a BMEcat 2005 product with prices per price quantity, units, classes, features and references', async () => {
    const { records } = await readAll(path.join(FIXTURES, 'bmecat-2005.xml'));
    const terminal = records.find((record) => record.orderNumber === '1020000000');
    expect(terminal).toMatchObject({
      kind: 'ARTICLE',
      manufacturerName: 'Weidmüller',
      manufacturerNumber: '1020000000',
      descriptionShort: 'Durchgangsklemme WDU 2.5',
      descriptionLong: 'Reihenklemme, Schraubanschluss, 2,5 mm² & beige',
      ean: '4008190000000',
      orderUnit: 'C62',
      contentUnit: 'C62',
      contentPerOrderUnit: 1,
      priceQuantity: 100,
      minimumQuantity: 50,
      quantityInterval: 50,
      listPrice: 98,
      purchasePrice: 61.25,
      deliveryTime: 3,
      imageUrl: 'https://media.weidmueller.example/images/1020000000.jpg',
      dataSheetUrl: 'https://catalog.weidmueller.example/datasheets/1020000000.pdf',
      widthMm: 5.1,
      heightMm: 44,
      depthMm: 46.5,
      weightKg: 0.0065,
    });
    expect(terminal?.classes).toEqual([
      { system: 'ECLASS', version: '14.0', code: '27141137', irdi: '0173-1#01-ADO458#005' },
      { system: 'ETIM', version: '9.0', code: 'EC000897', irdi: null },
    ]);
    expect(terminal?.references).toEqual([
      { type: 'accessories', orderNumber: '1050000000' },
      { type: 'followup', orderNumber: '1020000001' },
    ]);
    expect(terminal?.line).toBe(16);
  });

  it('takes a price without amount as no price, and the supplier as manufacturer when the product names none', async () => {
    const { records } = await readAll(path.join(FIXTURES, 'bmecat-2005.xml'));
    const plate = records.find((record) => record.orderNumber === '1050000000');
    expect(plate).toMatchObject({ listPrice: null, purchasePrice: null, manufacturerName: 'Weidmüller' });
    expect(records.find((record) => record.orderNumber === '9000000001')).toBeUndefined();
  });

  it('refuses products without supplier number or with a price that is no number, naming the line', async () => {
    const { records, refusals } = await readAll(path.join(FIXTURES, 'bmecat-2005.xml'));
    expect(records).toHaveLength(2);
    expect(refusals).toEqual([
      { line: 113, reason: 'Die Artikelnummer des Lieferanten (SUPPLIER_PID) fehlt.' },
      { line: 118, reason: 'Preis: „zwölf“ ist keine gültige Zahl.' },
    ]);
  });

  it('reads BMEcat 1.2 (ARTICLE, SUPPLIER_AID) in ISO-8859-1 with its DTD reference', async () => {
    const { records } = await readAll(path.join(FIXTURES, 'bmecat-1.2.xml'));
    expect(records).toEqual([
      expect.objectContaining({
        orderNumber: '3044102',
        manufacturerName: 'Phoenix Contact',
        manufacturerNumber: '3044102',
        descriptionShort: 'Durchgangsreihenklemme UT 4 grün',
        ean: '4017918960360',
        orderUnit: 'C62',
        priceQuantity: 50,
        listPrice: 41.3,
        deliveryTime: 5,
        classes: [{ system: 'ETIM', version: '7.0', code: 'EC000897', irdi: null }],
        references: [{ type: 'similar', orderNumber: '3044103' }],
      }),
    ]);
  });

  it('reads the one BMEcat of a .zip', async () => {
    const zipped = await readAll(path.join(FIXTURES, 'bmecat-2005.zip'));
    const plain = await readAll(path.join(FIXTURES, 'bmecat-2005.xml'));
    expect(zipped.records).toEqual(plain.records);
  });

  it('marks the products of T_UPDATE_PRICES as price updates', async () => {
    const { records } = await readAll(path.join(FIXTURES, 'bmecat-prices.xml'));
    expect(records.map((record) => [record.kind, record.orderNumber, record.listPrice])).toEqual([
      ['PRICES_ONLY', '1020000000', 102],
      ['PRICES_ONLY', '7777777777', 5],
    ]);
  });

  it('takes dimensions and weight from ECLASS features named by IRDI or code and ETIM features, in their units', async () => {
    const { records, refusals } = await readAll(path.join(FIXTURES, 'bmecat-eclass-irdi.xml'));
    expect(refusals).toEqual([]);
    // ECLASS IRDIs of width, height, depth and net weight; mm, cm (unit IRDIs), m and g; the packaging's
    // weight (another property) is not the article's.
    expect(records[0]).toMatchObject({ widthMm: 500, heightMm: 500, depthMm: 210, weightKg: 13.5 });
    // The bare ECLASS code comes first and is kept; the ETIM features give the rest, ETIM unit ids converted.
    expect(records[1]).toMatchObject({ widthMm: 148.5, heightMm: 204, depthMm: 87.5, weightKg: 1.1 });
  });

  it('yields chunks of the requested size', async () => {
    const body = Array.from(
      { length: 25 },
      (_, index) =>
        `<PRODUCT><SUPPLIER_PID>A-${index}</SUPPLIER_PID><PRODUCT_ORDER_DETAILS><ORDER_UNIT>MTR</ORDER_UNIT></PRODUCT_ORDER_DETAILS></PRODUCT>`,
    ).join('\n');
    const { records, chunks } = await readAll(written('many.xml', minimal(body)), 10);
    expect(records).toHaveLength(25);
    expect(records[0]).toMatchObject({
      orderNumber: 'A-0',
      orderUnit: 'MTR',
      manufacturerName: 'Rittal',
      line: 1,
    });
    expect(records[24]?.line).toBe(25);
    expect(chunks).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['not XML at all', 'Bestellnummer;Preis\n1;2\n', 'kein gültiges XML'],
    ['another XML document', '<?xml version="1.0"?><worksheet/>', 'keine BMEcat-Datei'],
    ['a BMEcat without catalog', '<BMECAT><HEADER/></BMECAT>', 'keinen Katalog'],
    [
      'an XML that breaks off',
      minimal('<PRODUCT><SUPPLIER_PID>1</SUPPLIER_PID>').slice(0, -30),
      'kein gültiges XML',
    ],
  ])('refuses %s with a German message', async (_, content, message) => {
    await expect(readAll(written('bad.xml', content))).rejects.toThrow(message);
  });
});

describe('hostile BMEcat files', () => {
  const laughs = `<?xml version="1.0"?>
<!DOCTYPE BMECAT [
  <!ENTITY lol "lol">
  ${Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level === 0 ? '' : level};`.repeat(10)}">`).join('\n  ')}
]>
<BMECAT><T_NEW_CATALOG><PRODUCT><SUPPLIER_PID>&lol9;</SUPPLIER_PID></PRODUCT></T_NEW_CATALOG></BMECAT>`;

  it('refuses the billion laughs before expanding anything', async () => {
    await expect(readAll(written('laughs.xml', laughs))).rejects.toThrow(WrongFormatError);
    await expect(readAll(written('laughs.xml', laughs))).rejects.toThrow('DOCTYPE mit Entitäten');
  });

  it('refuses an external entity, declared or not', async () => {
    const declared = `<?xml version="1.0"?><!DOCTYPE BMECAT [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><BMECAT><T_NEW_CATALOG><PRODUCT><SUPPLIER_PID>&xxe;</SUPPLIER_PID></PRODUCT></T_NEW_CATALOG></BMECAT>`;
    await expect(readAll(written('xxe.xml', declared))).rejects.toThrow('DOCTYPE mit Entitäten');
    const undeclared = minimal('<PRODUCT><SUPPLIER_PID>&xxe;</SUPPLIER_PID></PRODUCT>');
    await expect(readAll(written('xxe2.xml', undeclared))).rejects.toThrow(WrongFormatError);
  });

  it('refuses 10,000-deep nesting at the depth limit', async () => {
    const deep = `<BMECAT><T_NEW_CATALOG>${'<X>'.repeat(10_000)}${'</X>'.repeat(10_000)}</T_NEW_CATALOG></BMECAT>`;
    await expect(readAll(written('deep.xml', deep))).rejects.toThrow('tiefer als 64 Ebenen');
  });

  it('refuses an element longer than the limit without buffering the rest', async () => {
    const file = written(
      'long.xml',
      minimal(`<PRODUCT><SUPPLIER_PID>${'x'.repeat(2 * 1024 * 1024)}</SUPPLIER_PID></PRODUCT>`),
    );
    const reading = (async () => {
      for await (const _ of readBmecat(file, { limits: { maxElementBytes: 1024 * 1024 } })) {
        // reading
      }
    })();
    await expect(reading).rejects.toThrow('ein Element von mehr als 1 MB');
  });
});
