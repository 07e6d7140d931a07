import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogRecord, CatalogRefusal } from '@portal/domain/rules/catalog-record';
import { DATANORM_REFUSALS } from '@portal/domain/rules/datanorm-records';
import { afterAll, describe, expect, it } from 'vitest';
import { WrongFormatError } from '../sheets/sheet-source';
import { type DatanormChunk, readDatanorm } from './datanorm';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const temporary = mkdtempSync(path.join(os.tmpdir(), 'portal-datanorm-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

function file(name: string, content: string | Uint8Array): string {
  const target = path.join(temporary, name);
  writeFileSync(target, content);
  return target;
}

async function readAll(
  localPath: string,
  chunkRecords?: number,
): Promise<{ records: CatalogRecord[]; refusals: CatalogRefusal[]; chunks: DatanormChunk[] }> {
  const chunks: DatanormChunk[] = [];
  for await (const chunk of readDatanorm(localPath, { chunkRecords })) chunks.push(chunk);
  return {
    records: chunks.flatMap((chunk) => chunk.records),
    refusals: chunks.flatMap((chunk) => chunk.refusals),
    chunks,
  };
}

async function refusalOf(localPath: string): Promise<string> {
  try {
    await readAll(localPath);
  } catch (error) {
    expect(error).toBeInstanceOf(WrongFormatError);
    return (error as Error).message;
  }
  throw new Error('the reader accepted the file');
}

const V4_HEADER = `V 011126${'Muster GmbH'.padEnd(40)}${''.padEnd(40)}${''.padEnd(35)}04EUR`;

describe('readDatanorm: DATANORM 4 article data in CP850', () => {
  it('joins A and B records, decodes umlauts and reads price units and price markers', async () => {
    const { records } = await readAll(fixture('datanorm4-cp850.001'));
    expect(records).toEqual([
      {
        line: 2,
        kind: 'ARTICLE',
        orderNumber: '1SAM250000R1001',
        descriptionShort: 'Motorschutzschalter MS132-0.16 Schütz 0,1-0,16 A',
        orderUnit: 'Stk',
        priceQuantity: 1,
        discountGroup: 'ABB01',
        listPrice: 53.2,
        manufacturerNumber: '1SAM250000R1001',
        ean: '4013614497614',
        minimumQuantity: 1,
      },
      {
        line: 4,
        kind: 'ARTICLE',
        orderNumber: 'NYM-J3X1,5',
        descriptionShort: 'Mantelleitung NYM-J 3x1,5 mm² grau, Ring 100 m',
        orderUnit: 'm',
        priceQuantity: 100,
        discountGroup: 'KAB02',
        listPrice: 64.5,
      },
      {
        line: 5,
        kind: 'ARTICLE',
        orderNumber: '5SY6116-7',
        descriptionShort: 'Leitungsschutzschalter B16 1-polig Gerät 6 kA',
        orderUnit: 'Stk',
        priceQuantity: 1,
        discountGroup: null,
        purchasePrice: 4.12,
        manufacturerNumber: '5SY61167',
        ean: '4001869154564',
        minimumQuantity: 12,
      },
      {
        line: 8,
        kind: 'ARTICLE',
        orderNumber: 'OEL-5L',
        descriptionShort: 'Öl für Pumpe, 5 l',
        orderUnit: 'Kan',
        priceQuantity: 1,
        discountGroup: null,
        listPrice: 24.5,
      },
      { line: 9, kind: 'ARTICLE', orderNumber: 'ALT-4711', deleted: true },
    ]);
  });

  it('refuses what it cannot use, with the line and a German reason', async () => {
    const { refusals } = await readAll(fixture('datanorm4-cp850.001'));
    expect(refusals).toEqual([
      { line: 10, reason: DATANORM_REFUSALS.supplementAlone },
      { line: 11, reason: DATANORM_REFUSALS.noArticleNumber },
      { line: 12, reason: DATANORM_REFUSALS.priceUnit },
      { line: 13, reason: DATANORM_REFUSALS.price },
      { line: 14, reason: DATANORM_REFUSALS.renumber },
      { line: 15, reason: DATANORM_REFUSALS.notARecord },
    ]);
  });

  it('ignores the DOS end-of-file byte, also right after the last line without a line break', async () => {
    const withoutBreak = file(
      'ende.001',
      Buffer.from(`${V4_HEADER}\r\nA;N;X1;00;Klemme;;1;0;Stk;100;;;;\x1a`, 'latin1'),
    );
    const { records, refusals } = await readAll(withoutBreak);
    expect(records.map((record) => record.orderNumber)).toEqual(['X1']);
    expect(refusals).toEqual([]);
  });
});

describe('readDatanorm: prices (DATPREIS)', () => {
  it('reads P records with three articles per line as price-only records', async () => {
    const { records, refusals } = await readAll(fixture('datpreis4-cp850.001'));
    expect(records).toEqual([
      // List price 54,80 with 55 % discount, then the net price of the same article in the same line.
      { line: 2, kind: 'PRICES_ONLY', orderNumber: '1SAM250000R1001', listPrice: 54.8, purchasePrice: 24.66 },
      // 4,25 less 30 % and then 10 %: 2,6775, rounded once.
      { line: 2, kind: 'PRICES_ONLY', orderNumber: '5SY6116-7', listPrice: 4.25, purchasePrice: 2.68 },
      { line: 3, kind: 'PRICES_ONLY', orderNumber: 'NYM-J3X1,5', purchasePrice: 38.9 },
    ]);
    expect(refusals).toEqual([{ line: 4, reason: DATANORM_REFUSALS.noArticleNumber }]);
  });
});

describe('readDatanorm: DATANORM 5', () => {
  it('reads the semicolon header, A records with manufacturer, EAN and long text, deletes and P records', async () => {
    const { records, refusals } = await readAll(fixture('datanorm5-cp850.001'));
    expect(refusals).toEqual([]);
    expect(records).toEqual([
      {
        line: 3,
        kind: 'ARTICLE',
        orderNumber: '3RT2015-1BB41',
        descriptionShort: 'Schütz 3RT2015-1BB41 24 V DC, 1 S',
        orderUnit: 'Stk',
        priceQuantity: 1,
        discountGroup: 'SIE01',
        manufacturerName: 'SIEMENS',
        manufacturerNumber: '3RT2015-1BB41',
        ean: '4011209750172',
        minimumQuantity: 1,
        listPrice: 86.5,
        descriptionLong: 'Schütz für Motorlasten bis 3 kW',
      },
      {
        line: 4,
        kind: 'ARTICLE',
        orderNumber: 'H07V-K1,5SW',
        descriptionShort: 'Aderleitung H07V-K 1,5 mm² schwarz Ring 100 m',
        orderUnit: 'm',
        priceQuantity: 100,
        discountGroup: 'KAB02',
        manufacturerName: null,
        manufacturerNumber: null,
        purchasePrice: 21.9,
      },
      {
        line: 5,
        kind: 'ARTICLE',
        orderNumber: 'ANFRAGE-1',
        descriptionShort: 'Sonderschrank nach Maß',
        orderUnit: 'Stk',
        priceQuantity: 1,
        discountGroup: null,
        manufacturerName: null,
        manufacturerNumber: null,
      },
      { line: 6, kind: 'ARTICLE', orderNumber: 'ALT-99', deleted: true },
      {
        line: 7,
        kind: 'PRICES_ONLY',
        orderNumber: 'H07V-K1,5SW',
        priceQuantity: 100,
        discountGroup: 'KAB02',
        listPrice: 25.9,
        purchasePrice: 20.72,
      },
    ]);
  });
});

describe('readDatanorm: encodings', () => {
  const expected = 'Schütz 3RT2015 Größe S00, für 24 V DC';

  it.each([
    ['UTF-8', 'datanorm4-utf8.001'],
    ['Windows-1252', 'datanorm4-windows1252.001'],
  ])('reads a file in %s', async (_name, name) => {
    const { records } = await readAll(fixture(name));
    expect(records.map((record) => record.descriptionShort)).toEqual([expected]);
  });

  it('reads a UTF-8 file with byte-order mark', async () => {
    const content = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`${V4_HEADER}\nA;N;X1;00;Klemme grün;;1;0;Stk;100;;;;\n`, 'utf8'),
    ]);
    const { records } = await readAll(file('bom.001', content));
    expect(records.map((record) => record.descriptionShort)).toEqual(['Klemme grün']);
  });

  it('holds lines that fit both code pages until a line decides, keeping order and line numbers', async () => {
    const content = Buffer.from(
      `${V4_HEADER}\r\nA;N;OEL;00;\x99l 5 l;;1;0;Kan;2450;;;;\r\nA;N;X1;00;Klemme;;1;0;Stk;100;;;;\r\nA;N;X2;00;Ger\x84t;;1;0;Stk;100;;;;\r\n`,
      'latin1',
    );
    const { records } = await readAll(file('wartend.001', content));
    expect(records.map(({ line, descriptionShort }) => [line, descriptionShort])).toEqual([
      [2, 'Öl 5 l'],
      [3, 'Klemme'],
      [4, 'Gerät'],
    ]);
  });

  it('refuses a file that mixes CP850 and Windows-1252, naming the lines', async () => {
    expect(await refusalOf(fixture('datanorm4-mixed.001'))).toBe(
      'Die Datei mischt Zeichenkodierungen: Zeile 1 liest sich nur im DOS-Zeichensatz CP850, Zeile 3 nur in Windows-1252.',
    );
  });

  it('refuses a file whose special characters fit CP850 and Windows-1252 alike, naming the line', async () => {
    expect(await refusalOf(fixture('datanorm4-ambiguous.001'))).toMatch(
      /^Die Zeichenkodierung lässt sich nicht sicher bestimmen: Die Sonderzeichen in Zeile 2 passen/,
    );
  });

  it('refuses a file whose first 100,000 lines with special characters decide nothing, naming the first', async () => {
    const line = 'A;N;OEL;00;\x99l 5 l;;1;0;Kan;2450;;;;\r\n';
    const content = Buffer.from(
      `${V4_HEADER}\r\n${line.repeat(100_001)}A;N;X;00;Ger\x84t;;1;0;Stk;1;;;;\r\n`,
      'latin1',
    );
    expect(await refusalOf(file('unentschieden.001', content))).toMatch(/Sonderzeichen in Zeile 2 passen/);
  });

  it('refuses UTF-8 lines next to lines in another encoding, naming both', async () => {
    const content = Buffer.concat([
      Buffer.from(`${V4_HEADER}\nA;N;X1;00;Klemme grün;;1;0;Stk;100;;;;\n`, 'utf8'),
      Buffer.from('A;N;X2;00;Gerät;;1;0;Stk;100;;;;\n', 'latin1').map((byte) =>
        byte === 0xe4 ? 0x84 : byte,
      ),
    ]);
    expect(await refusalOf(file('utf8-gemischt.001', content))).toBe(
      'Die Datei mischt Zeichenkodierungen: Zeile 2 ist UTF-8, Zeile 3 nicht.',
    );
  });
});

describe('readDatanorm: files that are no DATANORM file', () => {
  it.each([
    [
      'a CSV file',
      'Bestellnummer;Kurztext\n4711;Klemme\n',
      'Die Datei ist keine DATANORM-Datei: Die erste Zeile ist kein Vorlaufsatz (V).',
    ],
    [
      'DATANORM 3',
      `V 011126${''.padEnd(115)}03DEM\n`,
      'DATANORM 3 wird nicht unterstützt, nur DATANORM 4 und 5.',
    ],
    ['an empty file', '', 'Die Datei ist leer.'],
    [
      'prices in another currency',
      `V 011126${''.padEnd(115)}04USD\n`,
      'Die Preise der Datei sind in „USD“ angegeben (Vorlaufsatz); das Portal rechnet in Euro.',
    ],
  ])('refuses %s', async (_name, content, message) => {
    expect(await refusalOf(file('falsch.001', content))).toBe(message);
  });
});

describe('readDatanorm: streaming', () => {
  it('hands the records on in chunks with growing progress, reading lines across read chunks', async () => {
    const lines = [V4_HEADER];
    for (let index = 0; index < 30_000; index++) {
      lines.push(`A;N;ART-${index};00;Reihenklemme ${index} grün;;1;0;Stk;${100 + index};RG1;12;;`);
      lines.push(`B;N;ART-${index}; ; ; ;0;0;0;${String(4_000_000_000_000 + index)}; ; ;0;0; ; ;`);
    }
    const content = Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1').map((byte) =>
      byte === 0xfc ? 0x81 : byte,
    );
    const { records, refusals, chunks } = await readAll(file('gross.001', content), 1000);
    expect(refusals).toEqual([]);
    expect(records).toHaveLength(30_000);
    expect(records[29_999]).toMatchObject({
      line: 60_000,
      orderNumber: 'ART-29999',
      descriptionShort: 'Reihenklemme 29999 grün',
      listPrice: 300.99,
      ean: '4000000029999',
    });
    expect(chunks.length).toBeGreaterThanOrEqual(30);
    expect(chunks.every((chunk) => chunk.records.length <= 1000)).toBe(true);
    const progress = chunks.map((chunk) => chunk.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });
});
