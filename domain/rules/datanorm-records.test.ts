import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogRecord } from './catalog-record';
import { DatanormAssembler } from './datanorm-assembly';
import {
  DATANORM_REFUSALS,
  type DatanormVersion,
  parseArticle,
  parseDatanormHeader,
  parsePrices,
} from './datanorm-records';

const V4_HEADER = `V 011126${'Elektro-Großhandel Muster GmbH'.padEnd(40)}${'Artikeldaten'.padEnd(40)}${''.padEnd(35)}04EUR`;

describe('parseDatanormHeader', () => {
  it.each([
    ['DATANORM 4, fixed width', V4_HEADER, { version: 4, currency: 'EUR' }],
    ['DATANORM 4, trailing blanks cut off', 'V 011126Muster GmbH  04EUR', { version: 4, currency: 'EUR' }],
    ['DATANORM 4 without currency', `V 011126${''.padEnd(115)}04   `, { version: 4, currency: null }],
    ['DATANORM 5', 'V;050;A;20261201;EUR;Artikeldaten;Muster GmbH;;;;;;;;;', { version: 5, currency: 'EUR' }],
    ['DATANORM 5, other currency', 'V;050;A;20261201;CHF;;;', { version: 5, currency: 'CHF' }],
  ])('%s', (_name, line, expected) => {
    expect(parseDatanormHeader(line)).toEqual(expected);
  });

  it.each([
    ['no header', 'A;N;4711;00;Klemme;', /kein Vorlaufsatz/],
    ['DATANORM 3', `V 011126${''.padEnd(115)}03DEM`, /DATANORM 3 wird nicht unterstützt/],
    ['unknown semicolon version', 'V;040;A;20261201;EUR;', /Version „040“/],
    ['no version at all', 'V 011126Muster GmbH', /nennt keine DATANORM-Version/],
  ])('refuses %s', (_name, line, message) => {
    const header = parseDatanormHeader(line);
    expect('error' in header && header.error).toMatch(message);
  });
});

/** An A record of DATANORM 4 with the given Preiskennzeichen, Preiseinheit and Preis. */
const a4 = (marker: string, unit: string, price: string) =>
  `A;N;4711;00;Reihenklemme;2,5 mm²;${marker};${unit};Stk;${price};RG1;12;;`.split(';');

describe('parseArticle, DATANORM 4', () => {
  it.each<[string, string[], Partial<CatalogRecord>]>([
    ['price per piece, gross = list price', a4('1', '0', '1234'), { priceQuantity: 1, listPrice: 12.34 }],
    ['price per 10 (code 1)', a4('1', '1', '1234'), { priceQuantity: 10, listPrice: 12.34 }],
    ['price per 100 (code 2)', a4('1', '2', '6450'), { priceQuantity: 100, listPrice: 64.5 }],
    ['price per 1000 (code 3)', a4('1', '3', '99'), { priceQuantity: 1000, listPrice: 0.99 }],
    ['price unit written as quantity', a4('1', '100', '6450'), { priceQuantity: 100, listPrice: 64.5 }],
    ['price unit blank', a4('1', ' ', '100'), { priceQuantity: 1, listPrice: 1 }],
    ['net = purchase price', a4('2', '0', '412'), { purchasePrice: 4.12 }],
    ['Werkspreis = list price', a4('3', '0', '500'), { listPrice: 5 }],
    ['price 0: prices come in P records', a4('1', '0', '0'), { priceQuantity: 1 }],
  ])('%s', (_name, fields, expected) => {
    const record = parseArticle(fields, 7, 4);
    expect(record).toMatchObject({
      line: 7,
      kind: 'ARTICLE',
      orderNumber: '4711',
      descriptionShort: 'Reihenklemme 2,5 mm²',
      orderUnit: 'Stk',
      discountGroup: 'RG1',
      ...expected,
    });
    if (!('listPrice' in expected)) expect(record).not.toHaveProperty('listPrice');
  });

  it.each([
    ['price unit 7', a4('1', '7', '100'), DATANORM_REFUSALS.priceUnit],
    ['price with a comma', a4('1', '0', '12,50'), DATANORM_REFUSALS.price],
    ['unknown price marker', a4('5', '0', '100'), DATANORM_REFUSALS.priceMarker],
    ['no article number', 'A;N; ;00;Klemme;;1;0;Stk;100;;;;'.split(';'), DATANORM_REFUSALS.noArticleNumber],
    ['article number change', 'A;X;4711;00;4712;;;;;;;;;'.split(';'), DATANORM_REFUSALS.renumber],
  ])('refuses %s', (_name, fields, reason) => {
    expect(parseArticle(fields, 7, 4)).toEqual({ refused: reason });
  });

  it('reads a delete as a deleted record', () => {
    expect(parseArticle('A;L;4711;00;;;;;;;;;;'.split(';'), 3, 4)).toEqual({
      line: 3,
      kind: 'ARTICLE',
      orderNumber: '4711',
      deleted: true,
    });
  });
});

const a5 = (marker: string, unit: string, price: string, ean = '4011209750172') =>
  `A;N;3RT2015;Schütz;24 V DC;Stk;${marker};${unit};${price};SIE01;12;1210;MC;;;SIEMENS;3RT2015-1BB41;3RT2;${ean};;10;S.1;0;T1;;;;;;`.split(
    ';',
  );

describe('parseArticle, DATANORM 5', () => {
  it.each<[string, string[], Partial<CatalogRecord>]>([
    ['list price per piece', a5('1', '1', '8650'), { priceQuantity: 1, listPrice: 86.5 }],
    ['purchase price per 100', a5('2', '100', '2190'), { priceQuantity: 100, purchasePrice: 21.9 }],
    ['price on request (9) has no price', a5('9', '1', '0'), { priceQuantity: 1 }],
    ['blank price unit is per piece', a5('1', '', '100'), { priceQuantity: 1, listPrice: 1 }],
    ['an EAN that is none is left out', a5('1', '1', '100', 'k.A.'), { listPrice: 1 }],
  ])('%s', (_name, fields, expected) => {
    expect(parseArticle(fields, 4, 5)).toMatchObject({
      orderNumber: '3RT2015',
      descriptionShort: 'Schütz 24 V DC',
      orderUnit: 'Stk',
      discountGroup: 'SIE01',
      manufacturerName: 'SIEMENS',
      manufacturerNumber: '3RT2015-1BB41',
      minimumQuantity: 10,
      ...expected,
    });
  });

  it('keeps the EAN only when it is one', () => {
    expect(parseArticle(a5('1', '1', '100'), 4, 5)).toHaveProperty('ean', '4011209750172');
    expect(parseArticle(a5('1', '1', '100', 'k.A.'), 4, 5)).not.toHaveProperty('ean');
  });

  it('refuses a price unit that is no number', () => {
    expect(parseArticle(a5('1', 'x', '100'), 4, 5)).toEqual({ refused: DATANORM_REFUSALS.priceUnit });
  });
});

describe('parsePrices', () => {
  const entry = (number: string, marker: string, price: string, discounts = ';;;;;') =>
    `${number};${marker};${price};${discounts}`;

  it.each<[string, string, DatanormVersion, object[]]>([
    [
      'three articles in one DATANORM 4 line',
      `P;A;${entry('A1', '1', '1000')};${entry('A2', '2', '250')};${entry('A3', '1', '99')};`,
      4,
      [
        { orderNumber: 'A1', listPrice: 10 },
        { orderNumber: 'A2', purchasePrice: 2.5 },
        { orderNumber: 'A3', listPrice: 0.99 },
      ],
    ],
    [
      'discount 12.5 %',
      `P;A;${entry('A1', '1', '1000', '1;1250;;;;')};`,
      4,
      [{ listPrice: 10, purchasePrice: 8.75 }],
    ],
    [
      'multiplier 0.8',
      `P;A;${entry('A1', '1', '1000', '2;800;;;;')};`,
      4,
      [{ listPrice: 10, purchasePrice: 8 }],
    ],
    [
      'surcharge 5 % after 10 %',
      `P;A;${entry('A1', '1', '1000', '1;1000;3;500;;')};`,
      4,
      [{ purchasePrice: 9.45 }],
    ],
    ['discount 0 changes nothing', `P;A;${entry('A1', '1', '1000', '1;0;;;;')};`, 4, [{ listPrice: 10 }]],
    [
      'DATANORM 5 with price unit and discount group',
      'P;A1;1;100;2590;KAB02;1;2000;;;;;20261201;',
      5,
      [
        {
          orderNumber: 'A1',
          priceQuantity: 100,
          discountGroup: 'KAB02',
          listPrice: 25.9,
          purchasePrice: 20.72,
        },
      ],
    ],
  ])('%s', (_name, line, version, expected) => {
    const records = parsePrices(line.split(';'), 2, version);
    expect(records).toHaveLength(expected.length);
    records.forEach((record, index) => {
      expect(record).toMatchObject({ line: 2, kind: 'PRICES_ONLY', ...expected[index] });
    });
  });

  it('refuses a P record without any article number', () => {
    expect(parsePrices('P;A;;1;100;;;;;;;'.split(';'), 2, 4)).toEqual([
      { refused: DATANORM_REFUSALS.noArticleNumber },
    ]);
  });
});

function assemble(version: DatanormVersion, lines: string[]) {
  const assembler = new DatanormAssembler({ version, currency: 'EUR' });
  lines.forEach((line, index) => {
    assembler.push(line, index + 2);
  });
  assembler.finish();
  return assembler.drain();
}

describe('DatanormAssembler', () => {
  it('joins a B record with the A record of its article directly before it', () => {
    const { records, refusals } = assemble(4, [
      'A;N;A1;00;Klemme;;1;0;Stk;100;;;;',
      'B;N;A1;MC;HERST-1;S.1;0;0;0;4001234567895; ;;0;5; ; ;',
      'B;N;A1;MC;HERST-2;S.1;0;0;0; ; ;;0;0; ; ;',
      'A;N;A2;00;Klemme;;1;0;Stk;100;;;;',
      'B;N;A3; ; ; ;0;0;0; ; ;;0;0; ; ;',
    ]);
    expect(records).toMatchObject([
      { orderNumber: 'A1', manufacturerNumber: 'HERST-1', ean: '4001234567895', minimumQuantity: 5 },
      { orderNumber: 'A2' },
    ]);
    expect(refusals).toEqual([
      { line: 4, reason: DATANORM_REFUSALS.supplementAlone },
      { line: 6, reason: DATANORM_REFUSALS.supplementAlone },
    ]);
  });

  it('makes one record of consecutive prices of the same article, across lines', () => {
    const { records } = assemble(4, [
      'P;A;A1;1;1000;;;;;;;A1;2;700;;;;;;;',
      'P;A;A1;1;1100;;;;;;;A2;2;50;;;;;;;',
    ]);
    expect(records).toEqual([
      { line: 2, kind: 'PRICES_ONLY', orderNumber: 'A1', listPrice: 11, purchasePrice: 7 },
      { line: 3, kind: 'PRICES_ONLY', orderNumber: 'A2', purchasePrice: 0.5 },
    ]);
  });

  it('passes over records the import does not use and refuses lines that are none', () => {
    const { records, refusals } = assemble(5, [
      'T;N;T1;1;01;Langtext;',
      'S;10;Klemmen;;',
      '',
      'Q;irgendwas;',
      'kein Satz',
      'A;N;A1;Klemme;;Stk;1;1;100;;;;;;;;;;;;;;;;;;;;;',
      'B;L;A9;;',
      'B;N;A8;;',
      'E;8;Ende;',
    ]);
    expect(records).toMatchObject([
      { orderNumber: 'A1', listPrice: 1 },
      { orderNumber: 'A9', deleted: true },
    ]);
    expect(refusals).toEqual([
      { line: 5, reason: DATANORM_REFUSALS.notARecord },
      { line: 6, reason: DATANORM_REFUSALS.notARecord },
    ]);
  });

  it('joins long texts written before or right after their article (DATANORM 4: two lines per record)', () => {
    const { records } = assemble(4, [
      'T;N;TX1;;3;;Tragschiene TS 35.;4;; ;',
      'T;N;TX1;;1;;Reihenklemme mit Zugfeder, ;2;;grau, für die Montage auf ;',
      'A;N;A1;40;Klemme;;1;0;Stk;100;;;TX1;',
      'B;N;A1; ; ; ;0;0;0; ; ;;0;0; ; ;',
      'A;N;A2;40;Leuchte;;1;0;Stk;100;;;TX2;',
      'T;N;TX2;;1;;LED-Leuchte 600 lm;;;;',
      'A;N;A3;00;ohne Text;;1;0;Stk;100;;;;',
      'T;N;TX3;;1;;gehört zu keinem Artikel;;;;',
    ]);
    expect(records.map(({ orderNumber, descriptionLong }) => [orderNumber, descriptionLong])).toEqual([
      ['A1', 'Reihenklemme mit Zugfeder,\ngrau, für die Montage auf\nTragschiene TS 35.'],
      ['A2', 'LED-Leuchte 600 lm'],
      ['A3', undefined],
    ]);
  });

  it('joins DATANORM 5 long texts by Langtextnummer', () => {
    const { records } = assemble(5, [
      'T;N;T-A1;1;02;zweite Zeile;',
      'T;N;T-A1;1;01;erste Zeile;',
      'A;N;A1;Klemme;;Stk;1;1;100;;;;;;;;;;;;;;;T-A1;;;;;;',
    ]);
    expect(records[0]?.descriptionLong).toBe('erste Zeile\nzweite Zeile');
  });

  it('hands records out once, the last only when the file ends', () => {
    const assembler = new DatanormAssembler({ version: 4, currency: 'EUR' });
    assembler.push('A;N;A1;00;Klemme;;1;0;Stk;100;;;;', 2);
    assembler.push('A;N;A2;00;Klemme;;1;0;Stk;100;;;;', 3);
    expect(assembler.drain().records.map((record) => record.orderNumber)).toEqual(['A1']);
    expect(assembler.drain().records).toEqual([]);
    assembler.finish();
    expect(assembler.drain().records.map((record) => record.orderNumber)).toEqual(['A2']);
  });
});

describe('DATANORM 4 round trip', () => {
  const text = fc
    .stringMatching(/^[A-Za-z0-9äöüÄÖÜß.,\-/ ]{1,40}$/)
    .map((value) => value.trim())
    .filter((value) => value !== '');
  const article = fc.record({
    number: fc.stringMatching(/^[A-Z0-9-]{1,15}$/),
    text,
    unitCode: fc.constantFrom('0', '1', '2', '3'),
    marker: fc.constantFrom('1', '2'),
    cents: fc.integer({ min: 1, max: 99_999_999 }),
    ean: fc.stringMatching(/^\d{13}$/),
  });

  it('reads back every article a DATANORM 4 file with A and B records describes', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(article, { selector: (value) => value.number, maxLength: 20 }),
        (articles) => {
          const lines = articles.flatMap((value) => [
            `A;N;${value.number};00;${value.text};;${value.marker};${value.unitCode};Stk;${value.cents};RG;1;;`,
            `B;N;${value.number}; ; ; ;0;0;0;${value.ean}; ;;0;0; ; ;`,
          ]);
          const { records, refusals } = assemble(4, lines);
          expect(refusals).toEqual([]);
          expect(records).toHaveLength(articles.length);
          records.forEach((record, index) => {
            const value = articles[index]!;
            expect(record).toMatchObject({
              line: 2 + 2 * index,
              orderNumber: value.number,
              descriptionShort: value.text,
              priceQuantity: { '0': 1, '1': 10, '2': 100, '3': 1000 }[value.unitCode],
              [value.marker === '1' ? 'listPrice' : 'purchasePrice']: value.cents / 100,
              ean: value.ean,
            });
          });
        },
      ),
    );
  });
});
