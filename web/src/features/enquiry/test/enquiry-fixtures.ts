import type { EnquiryResponse } from '@portal/domain/schemas/enquiry';
import { defaultTechnicalSpec } from '@portal/domain/schemas/technical-spec';
import { CUSTOMER_ID } from '../../../test/session-client';

export { CUSTOMER_ID, clientFor, SUPPLIER_ID } from '../../../test/session-client';
export { json, stubApi } from '../../../test/stub-api';

export const ENQUIRY_ID = '33333333-3333-4333-8333-333333333333';

export function enquiry(values: Partial<EnquiryResponse> = {}): EnquiryResponse {
  return {
    id: ENQUIRY_ID,
    customerId: CUSTOMER_ID,
    customerName: 'Maschinenbau Kunde GmbH',
    title: 'Steuerung Presse 3',
    referenceNumber: 'R-17',
    deliveryCondition: 'EXW',
    desiredDeliveryDate: '2099-06-01',
    amount: 2,
    price: null,
    location: 'Halle 2',
    additionalInfo: null,
    technicalSpec: defaultTechnicalSpec(),
    files: [],
    released: false,
    releaseDate: null,
    closed: false,
    archived: false,
    recipients: null,
    createDate: '2026-11-20T10:00:00.000Z',
    lastUpdate: '2026-11-20T10:00:00.000Z',
    changeEntries: [],
    ...values,
  };
}
