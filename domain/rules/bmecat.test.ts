import { describe, expect, it } from 'vitest';
import {
  catalogClassOf,
  dimensionOfFeature,
  dimensionValue,
  languageRank,
  parseClassSystem,
  parseXmlNumber,
  referenceType,
} from './bmecat';
import { catalogCells, catalogPlan, isPriceUpdate, portalUnitName } from './catalog-import';
import { mapImportRow } from './import-mapping';

describe('BMEcat rules', () => {
  it.each([
    ['98.00', 98],
    [' 0.5 ', 0.5],
    ['.25', 0.25],
    ['', null],
    ['1,5', null],
    ['1e3', null],
    ['zwölf', null],
  ])('parseXmlNumber(%j) = %j', (text, expected) => {
    expect(parseXmlNumber(text)).toBe(expected);
  });

  it.each([
    ['ECLASS-14.0', { system: 'ECLASS', version: '14.0' }],
    ['ECLASS_5.1', { system: 'ECLASS', version: '5.1' }],
    ['eCl@ss 7.0', { system: 'ECLASS', version: '7.0' }],
    ['ETIM-9.0', { system: 'ETIM', version: '9.0' }],
    ['ETIM 8', { system: 'ETIM', version: '8' }],
    ['ETIM', { system: 'ETIM', version: null }],
    ['UNSPSC-20', null],
  ])('parseClassSystem(%j)', (name, expected) => {
    expect(parseClassSystem(name)).toEqual(expected);
  });

  it.each([
    ['ECLASS-14.0', ['27-14-11-37'], { code: '27141137', irdi: null }],
    ['ECLASS-14.0', ['27141137', '0173-1#01-ADO458#005'], { code: '27141137', irdi: '0173-1#01-ADO458#005' }],
    ['ECLASS-14.0', ['0173-1#01-ADO458#005'], { code: '0173-1#01-ADO458#005', irdi: '0173-1#01-ADO458#005' }],
    ['ETIM-9.0', ['ec000897'], { code: 'EC000897', irdi: null }],
    ['ETIM-9.0', ['27141137'], null],
    ['ECLASS-14.0', ['Klemmen'], null],
  ])('catalogClassOf(%j, %j)', (system, ids, expected) => {
    const found = catalogClassOf(system, ids);
    if (expected === null) expect(found).toBeNull();
    else expect(found).toMatchObject(expected);
  });

  it.each([
    ['EF000008', 'width'],
    ['Breite', 'width'],
    ['HÖHE', 'height'],
    ['Tiefe', 'depth'],
    ['Nettogewicht', 'weight'],
    ['Farbe', null],
    ['EF000040', 'height'],
    ['EF000049', 'depth'],
    ['EF000167', 'weight'],
    // ECLASS properties by IRDI, with and without version, in URI spelling, and by their bare code.
    ['0173-1#02-BAF016#005', 'width'],
    ['0173-1#02-BAA020#008', 'height'],
    ['0173-1#02-BAB577#007', 'depth'],
    ['0173-1#02-AAB713#006', 'weight'],
    ['0173-1#02-BAA020', 'height'],
    ['0173-1-02-BAB577-007', 'depth'],
    [' baf016 ', 'width'],
    ['AAB713', 'weight'],
    // Length, the packaging's weight, a class IRDI and another organisation's IRDI stay unmapped.
    ['0173-1#02-BAA018#008', null],
    ['0173-1#02-AAS627#001', null],
    ['0173-1#01-BAF016#005', null],
    ['0112-1#02-BAF016#005', null],
  ])('dimensionOfFeature(%j) = %j', (name, expected) => {
    expect(dimensionOfFeature(name)).toBe(expected);
  });

  it.each([
    ['width', 5.1, 'MMT', 5.1],
    ['width', 4.4, 'CMT', 44],
    ['depth', 0.2, 'MTR', 200],
    ['height', 12, null, 12],
    ['weight', 6.5, 'GRM', 0.0065],
    ['weight', 2, 'kg', 2],
    ['weight', 2, 'LBR', null],
    ['width', 45, 'EU570448', 45],
    ['height', 4.4, 'EU570399', 44],
    ['depth', 0.25, 'EU570036', 250],
    ['width', 45, '0173-1#05-AAA480#003', 45],
    ['height', 4.4, '0173-1#05-AAA008', 44],
    ['depth', 0.25, '0173-1-05-AAA551-003', 250],
    // A length unit on a weight, and a mass unit whose id is not confirmed, leave the value empty.
    ['weight', 45, '0173-1#05-AAA480#003', null],
    ['weight', 0.019, 'EU570254', null],
  ] as const)('dimensionValue(%s, %d, %j) = %j', (dimension, value, unit, expected) => {
    expect(dimensionValue(dimension, value, unit)).toBe(expected);
  });

  it('keeps the three reference kinds of the issue and calls the others "other"', () => {
    expect(['similar', 'followup', 'accessories', 'sparepart', undefined].map(referenceType)).toEqual([
      'similar',
      'followup',
      'accessories',
      'other',
      'other',
    ]);
  });

  it('prefers German descriptions, then those without language', () => {
    expect(['deu', 'ger', 'de', undefined, 'eng'].map(languageRank)).toEqual([0, 0, 0, 1, 2]);
  });
});

describe('catalog records as import rows', () => {
  it.each([
    ['C62', 'Stück'],
    ['mtr', 'Meter'],
    ['KGM', 'Kilogramm'],
    ['Fass', 'Fass'],
    ['', null],
  ])('portalUnitName(%j) = %j', (code, expected) => {
    expect(portalUnitName(code)).toBe(expected);
  });

  it('maps a record: the price for PRICE_QUANTITY pieces with that price unit, mm to cm', () => {
    const cells = catalogCells(
      {
        line: 3,
        kind: 'ARTICLE',
        orderNumber: '1020000000',
        manufacturerName: 'Weidmüller',
        orderUnit: 'C62',
        priceQuantity: 100,
        listPrice: 98,
        widthMm: 5.1,
        weightKg: 0.0065,
        deliveryTime: 2.5,
        dataSheetUrl: 'datenblatt.pdf',
      },
      false,
    );
    const result = mapImportRow(cells, catalogPlan(false));
    expect(result).toEqual({
      kind: 'row',
      row: expect.objectContaining({
        orderNumber: '1020000000',
        manufacturer: 'Weidmüller',
        unit: 'Stück',
        listPrice: 98,
        priceUnitSize: 100,
        width: 0.51,
        weight: 0.0065,
        deliveryTime: 3,
        manufacturerLink: null,
      }),
    });
  });

  it('maps a price update to its few fields only, and knows it by them', () => {
    const plan = catalogPlan(true);
    const cells = catalogCells({ line: 1, kind: 'PRICES_ONLY', orderNumber: 'A-1', listPrice: 5 }, true);
    expect(mapImportRow(cells, plan)).toEqual({
      kind: 'row',
      row: { orderNumber: 'A-1', manufacturer: null, listPrice: 5, purchasePrice: null, priceUnitSize: null },
    });
    expect(isPriceUpdate(['orderNumber', 'listPrice', 'purchasePrice', 'priceUnitSize'])).toBe(true);
    expect(isPriceUpdate(catalogPlan(false).columns.map((column) => column.field))).toBe(false);
  });
});
