import { describe, expect, it } from 'vitest';
import type { BomLine } from '../schemas/bom';
import { defaultTechnicalSpec } from '../schemas/technical-spec';
import { type EnquiryForOffer, offerArticleFromBomLine, offerFromEnquiry } from './offer-copy';

const line = (id: string, extra: Partial<BomLine> = {}): BomLine => ({
  id,
  rowNumber: 2,
  quantity: 4,
  articleQuantity: null,
  packages: null,
  quantityUnitId: 'unit-stk',
  quantityUnitName: 'Stk',
  isSuppliedPart: false,
  functionDesignation: null,
  functionalAssignment: 'A1',
  locationIdentifier: 'S1',
  installationLocation: 'MP',
  bmk: '-K1',
  wholesalerOrderNumber: null,
  orderNumber: '3RT2015-1BB41',
  manufacturerNumber: '3RT2015-1BB41',
  manufacturerName: 'Siemens',
  manufacturerId: 'man-siemens',
  description: null,
  erpNumber: null,
  matchedArticleId: 'art-1',
  matchedArticle: {
    id: 'art-1',
    orderNumber: '3RT2015-1BB41',
    manufacturerNumber: '3RT2015-1BB41',
    manufacturerName: 'Siemens',
    description: 'Schütz',
    unitName: 'Stk',
  },
  manualReplacement: false,
  status: 'MATCHED',
  matchKind: 'EXACT',
  suggestions: [],
  candidateIds: [],
  edited: false,
  price: 87.2,
  raw: { Menge: '4', Bestellnummer: '3RT2015-1BB41' },
  ...extra,
});

function enquiry(): EnquiryForOffer {
  return {
    id: 'enq-1',
    customerId: 'cust-1',
    customerName: 'Muster Maschinenbau GmbH',
    title: 'Steuerung Presse 3',
    referenceNumber: 'R-2030-17',
    deliveryCondition: 'DAP',
    desiredDeliveryDate: '2030-06-01',
    amount: 2,
    price: 12500,
    location: 'Halle 4',
    additionalInfo: 'Bitte mit Prüfprotokoll.',
    technicalSpec: { ...defaultTechnicalSpec(), packaging: 'INDIVIDUAL', packagingIndividual: 'Gitterbox' },
    files: [
      { id: 'f-1', filename: 'Schaltplan.pdf', fileType: 'CIRCUIT_DIAGRAM' },
      { id: 'f-2', filename: 'Stückliste.xlsx', fileType: 'BILL_OF_MATERIAL' },
    ],
    released: true,
    releaseDate: '2030-05-02T09:00:00.000Z',
    closed: true,
    archived: true,
    bom: {
      bomFileName: 'Stückliste.xlsx',
      headerRowIndex: 1,
      headers: ['Menge', 'Bestellnummer'],
      fieldMapping: [{ importHeader: 'Menge', bomField: 'quantity' }],
      suppliedPartString: 'beigestellt',
    },
    bomLines: [
      line('line-1'),
      line('line-2', {
        bmk: '-X1',
        edited: true,
        status: 'NOT_FOUND',
        matchedArticleId: null,
        matchedArticle: null,
        price: null,
      }),
    ],
    estimatedPrice: { low: 9000, high: 11000 },
  };
}

describe('offerFromEnquiry (SPEC §3 copy rule)', () => {
  it('copies every field except id, customerId, title, released, closed, archived', () => {
    const source = enquiry();
    const draft = offerFromEnquiry(source);
    expect(draft).toMatchObject({
      enquiryId: 'enq-1',
      customerName: 'Muster Maschinenbau GmbH',
      referenceNumber: 'R-2030-17',
      deliveryCondition: 'DAP',
      desiredDeliveryDate: '2030-06-01',
      amount: 2,
      price: 12500,
      location: 'Halle 4',
      additionalInfo: 'Bitte mit Prüfprotokoll.',
      files: source.files,
      bom: source.bom,
      estimatedPrice: { low: 9000, high: 11000 },
    });
    for (const field of ['id', 'customerId', 'title', 'closed']) expect(draft).not.toHaveProperty(field);
  });

  it('starts OPEN, version 1, not released, not archived, without the enquiry release date', () => {
    expect(offerFromEnquiry(enquiry())).toMatchObject({
      state: 'OPEN',
      version: 1,
      released: false,
      releaseDate: null,
      invalidated: false,
      archived: false,
      offerNumber: null,
      additionalInfoSupplier: null,
      rejectionReason: null,
      rejectionReasonIndividual: null,
    });
  });

  it('keeps the technical specification unchanged, as its own copy', () => {
    const source = enquiry();
    const draft = offerFromEnquiry(source);
    expect(draft.technicalSpec).toEqual(source.technicalSpec);
    expect(draft.technicalSpec).not.toBe(source.technicalSpec);
    draft.technicalSpec.packaging = 'NONE';
    expect(source.technicalSpec.packaging).toBe('INDIVIDUAL');
  });

  it('turns BOM lines into articles with values and match kept, edited false, origin line id', () => {
    const source = enquiry();
    const draft = offerFromEnquiry(source);
    expect(draft.articles).toHaveLength(2);
    const { id: _id1, ...first } = source.bomLines[0]!;
    expect(draft.articles[0]).toEqual({
      ...first,
      edited: false,
      originLineId: 'line-1',
      pricePerPiece: null,
    });
    const { id: _id2, ...second } = source.bomLines[1]!;
    expect(draft.articles[1]).toEqual({
      ...second,
      edited: false,
      originLineId: 'line-2',
      pricePerPiece: null,
    });
    expect(draft.articles[0]).not.toHaveProperty('id');
  });

  it('does not change or share the enquiry', () => {
    const source = enquiry();
    const before = structuredClone(source);
    const draft = offerFromEnquiry(source);
    draft.articles[0]!.raw.Menge = '9';
    draft.articles[0]!.matchedArticle!.description = 'anders';
    draft.files[0]!.filename = 'x.pdf';
    expect(source).toEqual(before);
  });

  it('works without a BOM and without an estimate', () => {
    const draft = offerFromEnquiry({ ...enquiry(), bom: null, bomLines: [], estimatedPrice: null });
    expect(draft).toMatchObject({ bom: null, articles: [], estimatedPrice: null });
  });

  it('ignores fields the copy rule does not know (history, dates) even when the row has them', () => {
    const row = {
      ...enquiry(),
      changeEntries: [{ field: 'title' }],
      createDate: '2030-01-01',
      recipients: null,
    };
    const draft = offerFromEnquiry(row);
    for (const field of ['changeEntries', 'createDate', 'recipients'])
      expect(draft).not.toHaveProperty(field);
  });
});

describe('offerArticleFromBomLine', () => {
  it('a supplied part stays supplied; a manual match stays manual', () => {
    const article = offerArticleFromBomLine(
      line('l', { isSuppliedPart: true, status: 'SUPPLIED', manualReplacement: true }),
    );
    expect(article).toMatchObject({
      isSuppliedPart: true,
      status: 'SUPPLIED',
      manualReplacement: true,
      edited: false,
    });
  });
});
