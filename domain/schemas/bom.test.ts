import { describe, expect, it } from 'vitest';
import { BOM_LINE_STATUSES } from '../enums';
import {
  BOM_FIELD_NAMES,
  BOM_FIELDS,
  BOM_LINE_STATUS_LABELS,
  type BomLine,
  bomLine,
  bomMappingBody,
  enquiryBomMapBody,
  FIELD_MAPPED_TWICE,
  HEADER_MAPPED_TWICE,
  HEADER_ROW_MESSAGE,
  isBomErrorStatus,
  MISSING_BOM_NUMBER_MAPPING,
  SUPPLIED_PART_TEXT_REQUIRED,
  unknownMappedHeaders,
} from './bom';

function problems(body: unknown): { path: string; message: string }[] {
  const result = bomMappingBody.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const valid = {
  headerRowIndex: 3,
  fieldMapping: [
    { importHeader: 'Menge', bomField: 'quantity' },
    { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
  ],
};

describe('bomMappingBody (SPEC §5)', () => {
  it('takes a header row and a mapping with the order number', () => {
    expect(bomMappingBody.parse(valid)).toEqual({ ...valid, suppliedPartString: null });
  });

  it('takes the manufacturer number instead of the order number', () => {
    expect(
      problems({
        headerRowIndex: 1,
        fieldMapping: [{ importHeader: 'Typ', bomField: 'manufacturerNumber' }],
      }),
    ).toEqual([]);
  });

  it.each([0, -1, 1.5, '2', null])('refuses the header row %j', (headerRowIndex) => {
    expect(problems({ ...valid, headerRowIndex })).toEqual([
      { path: 'headerRowIndex', message: HEADER_ROW_MESSAGE },
    ]);
  });

  it('needs the order number or the manufacturer number', () => {
    expect(
      problems({ headerRowIndex: 1, fieldMapping: [{ importHeader: 'Menge', bomField: 'quantity' }] }),
    ).toEqual([{ path: 'fieldMapping', message: MISSING_BOM_NUMBER_MAPPING }]);
    expect(MISSING_BOM_NUMBER_MAPPING).toBe(
      'Bitte ordnen Sie mindestens die Bestellnummer oder die Herstellernummer zu.',
    );
  });

  it('needs the supplied-part text when the supplied-part column is mapped', () => {
    const fieldMapping = [...valid.fieldMapping, { importHeader: 'Beigestellt', bomField: 'isSuppliedPart' }];
    expect(problems({ ...valid, fieldMapping })).toEqual([
      { path: 'suppliedPartString', message: SUPPLIED_PART_TEXT_REQUIRED },
    ]);
    expect(problems({ ...valid, fieldMapping, suppliedPartString: '   ' })).toEqual([
      { path: 'suppliedPartString', message: SUPPLIED_PART_TEXT_REQUIRED },
    ]);
    expect(
      bomMappingBody.parse({ ...valid, fieldMapping, suppliedPartString: ' beigestellt ' })
        .suppliedPartString,
    ).toBe('beigestellt');
  });

  it('maps each field and each column once', () => {
    expect(
      problems({
        headerRowIndex: 1,
        fieldMapping: [
          { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
          { importHeader: 'Artikelnummer', bomField: 'orderNumber' },
          { importHeader: 'bestellnummer ', bomField: 'manufacturerNumber' },
        ],
      }),
    ).toEqual([
      { path: 'fieldMapping.1.bomField', message: FIELD_MAPPED_TWICE },
      { path: 'fieldMapping.2.importHeader', message: HEADER_MAPPED_TWICE },
    ]);
  });

  it('refuses an unknown field', () => {
    expect(
      problems({ headerRowIndex: 1, fieldMapping: [{ importHeader: 'X', bomField: 'price' }] }).map(
        (p) => p.path,
      ),
    ).toEqual(['fieldMapping.0.bomField']);
  });

  it('the enquiry call adds the enquiry id and keeps the rules', () => {
    const enquiryId = '0d3c1c7e-4b5a-4f51-9b1e-2f6f6a1f0c11';
    expect(enquiryBomMapBody.parse({ ...valid, enquiryId }).enquiryId).toBe(enquiryId);
    expect(enquiryBomMapBody.safeParse({ ...valid, enquiryId, fieldMapping: [] }).success).toBe(false);
    expect(enquiryBomMapBody.safeParse(valid).success).toBe(false);
  });
});

describe('unknownMappedHeaders', () => {
  it('names the mapped headers the file lacks (case and spaces aside)', () => {
    expect(
      unknownMappedHeaders(
        ['Menge', 'Bestell  Nummer'],
        [
          { importHeader: 'menge', bomField: 'quantity' },
          { importHeader: 'Bestell Nummer', bomField: 'orderNumber' },
          { importHeader: 'Hersteller', bomField: 'manufacturer' },
        ],
      ),
    ).toEqual([
      {
        path: 'fieldMapping.2.importHeader',
        message: 'Die Spalte „Hersteller“ steht nicht in der Kopfzeile.',
      },
    ]);
  });
});

describe('labels and statuses', () => {
  it('labels every field and status in German', () => {
    expect(BOM_FIELD_NAMES).toHaveLength(14);
    for (const field of BOM_FIELD_NAMES) expect(BOM_FIELDS[field].label).not.toBe('');
    expect(BOM_FIELDS.functionDesignation.label).toContain('(==)');
    expect(BOM_FIELDS.functionalAssignment.label).toContain('(=)');
    expect(BOM_FIELDS.locationIdentifier.label).toContain('(++)');
    expect(BOM_FIELDS.installationLocation.label).toContain('(+)');
    expect(BOM_FIELDS.bmk.label).toContain('(-)');
    expect(Object.keys(BOM_LINE_STATUS_LABELS)).toEqual([...BOM_LINE_STATUSES]);
  });

  it('counts not found, duplicate, wrong unit and missing values as errors', () => {
    expect(BOM_LINE_STATUSES.filter(isBomErrorStatus)).toEqual([
      'NOT_FOUND',
      'DUPLICATE',
      'WRONG_UNIT',
      'MISSING_VALUES',
    ]);
  });
});

describe('bomLine', () => {
  it('carries the values, the match and every raw cell', () => {
    const line: BomLine = {
      id: 'l1',
      rowNumber: 4,
      quantity: 1.5,
      articleQuantity: 1.5,
      packages: null,
      quantityUnitId: 'u-m',
      quantityUnitName: 'm',
      isSuppliedPart: false,
      functionDesignation: null,
      functionalAssignment: 'A1',
      locationIdentifier: null,
      installationLocation: 'S1',
      bmk: 'X1',
      wholesalerOrderNumber: null,
      orderNumber: '0011233',
      manufacturerNumber: null,
      manufacturerName: 'U.I. Lapp GmbH',
      manufacturerId: 'm-lapp',
      description: null,
      erpNumber: null,
      matchedArticleId: null,
      matchedArticle: null,
      manualReplacement: false,
      status: 'DUPLICATE',
      matchKind: null,
      suggestions: [],
      candidateIds: ['a1', 'a2'],
      edited: false,
      price: null,
      raw: { 'Anlage (=)': '=A1', Menge: '1,5', Funktionstext: 'Zuleitung' },
    };
    expect(bomLine.parse(line)).toEqual(line);
    expect(bomLine.safeParse({ ...line, status: 'UNKNOWN' }).success).toBe(false);
  });
});
