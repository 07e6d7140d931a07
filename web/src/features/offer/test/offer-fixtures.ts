import type { OfferAbilities, OfferResponse } from '@portal/domain/schemas/offer';
import { defaultTechnicalSpec } from '@portal/domain/schemas/technical-spec';
import { CUSTOMER_ID, SUPPLIER_ID } from '../../../test/session-client';
import { json } from '../../../test/stub-api';

export { clientFor } from '../../../test/session-client';
export { stubApi } from '../../../test/stub-api';
export { CUSTOMER_ID, json, SUPPLIER_ID };

/** The enquiry the offers answer (the id of the enquiry fixtures). */
export const ENQUIRY_ID = '33333333-3333-4333-8333-333333333333';

export const OFFER_ID = '55555555-5555-4555-8555-555555555555';
export const OFFER_V2_ID = '66666666-6666-4666-8666-666666666666';

const noAbilities: OfferAbilities = {
  role: 'SUPPLIER',
  edit: false,
  release: false,
  accept: false,
  decline: false,
  confirm: false,
  revise: false,
  uploadFiles: false,
  archive: false,
};

/** The supplier's unreleased draft: edit, release, upload. */
export const draftAbilities: OfferAbilities = {
  ...noAbilities,
  edit: true,
  release: true,
  uploadFiles: true,
  archive: true,
};

/** The customer on a released OPEN offer: accept, decline, upload the order. */
export const customerOpenAbilities: OfferAbilities = {
  ...noAbilities,
  role: 'CUSTOMER',
  accept: true,
  decline: true,
  uploadFiles: true,
};

export function offer(values: Partial<OfferResponse> = {}): OfferResponse {
  const spec = defaultTechnicalSpec();
  return {
    id: OFFER_ID,
    lineageId: OFFER_ID,
    enquiryId: ENQUIRY_ID,
    enquiryTitle: 'Steuerung Presse 3',
    supplierId: SUPPLIER_ID,
    supplierName: 'Schaltanlagen Liefer GmbH',
    customerId: CUSTOMER_ID,
    customerName: 'Maschinenbau Kunde GmbH',
    state: 'OPEN',
    version: 1,
    released: false,
    releaseDate: null,
    invalidated: false,
    archived: false,
    offerNumber: 'A-2026-7',
    referenceNumber: 'R-17',
    price: 12500,
    deliveryCondition: 'EXW',
    desiredDeliveryDate: '2099-06-01',
    amount: 2,
    location: 'Halle 2',
    additionalInfo: 'Bitte mit Sockel',
    additionalInfoSupplier: null,
    rejectionReason: null,
    rejectionReasonIndividual: null,
    validUntil: null,
    expired: false,
    technicalSpec: spec,
    enquiryOriginal: {
      technicalSpec: spec,
      price: 12000,
      deliveryCondition: 'EXW',
      desiredDeliveryDate: '2099-06-01',
    },
    technicalChanges: [],
    changesDetected: false,
    estimatedPrice: { low: 9800, high: 14200 },
    files: [],
    enquiryFiles: [{ id: 'ef1', filename: 'Schaltplan.pdf', fileType: 'CIRCUIT_DIAGRAM', size: 1200 }],
    articleTotals: { lineCount: 0, pricedLines: 0, total: 0 },
    abilities: draftAbilities,
    latestVersionId: OFFER_ID,
    createDate: '2026-11-20T10:00:00.000Z',
    lastUpdate: '2026-11-20T10:00:00.000Z',
    changeEntries: [],
    folderId: 'a'.repeat(64),
    ...values,
  };
}

/** The calls every detail page makes besides GET /offer/. */
export const detailRoutes = (current: OfferResponse) => ({
  'GET /api/offer/': () => json(current),
  'GET /api/offer/revision': () =>
    json({
      versions: [
        {
          id: current.id,
          version: current.version,
          state: current.state,
          released: current.released,
          releaseDate: current.releaseDate,
          invalidated: current.invalidated,
          createDate: current.createDate,
          changes: [],
        },
      ],
    }),
});
