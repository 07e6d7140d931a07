import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { CIRCUIT_DIAGRAM, enquiryWithBom, inDays } from './enquiry';

/**
 * Records of their own for the accessibility journeys of dialogs, drawers and the keyboard (tests run in
 * parallel): a released enquiry of the customer, the supplier's draft offer on it, that offer released, and
 * a chat about it. Everything through the API of the signed-in pages (see `signedInPage`).
 */

/** The customer's draft with its circuit diagram and no BOM yet (the keyboard journey uploads one). */
export async function draftWithDiagram(customer: Page, title: string): Promise<string> {
  const created = await customer.request.post('/api/enquiry/', {
    data: {
      title,
      referenceNumber: `A11Y-${Date.now()}`,
      deliveryCondition: 'EXW',
      desiredDeliveryDate: inDays(120),
      amount: 1,
      price: 9000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const enquiryId = ((await created.json()) as { id: string }).id;
  const diagram = await customer.request.post(`/api/enquiry/${enquiryId}/file`, {
    multipart: {
      file: { name: 'Schaltplan.pdf', mimeType: 'application/pdf', buffer: readFileSync(CIRCUIT_DIAGRAM) },
    },
  });
  expect(diagram.status(), await diagram.text()).toBe(201);
  return enquiryId;
}

/** The customer's enquiry with its circuit diagram and mapped BOM, released to all suppliers. */
export async function releasedEnquiry(customer: Page, title: string): Promise<string> {
  const enquiryId = await enquiryWithBom(customer, title, `A11Y-${Date.now()}`);
  const released = await customer.request.post('/api/enquiry/release', { data: { enquiryId } });
  expect(released.status(), await released.text()).toBe(200);
  return enquiryId;
}

/** The supplier's draft offer on a released enquiry (its BOM lines copied); returns its id. */
export async function draftOffer(supplier: Page, enquiryId: string): Promise<string> {
  const created = await supplier.request.post('/api/offer/', { data: { enquiryId } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The draft offer with the values a release needs and its offer PDF, released to the customer. */
export async function releasedOffer(supplier: Page, enquiryId: string): Promise<string> {
  const offerId = await draftOffer(supplier, enquiryId);
  const file = await supplier.request.post(`/api/offer/${offerId}/file`, {
    multipart: {
      fileType: 'OFFER',
      file: { name: 'Angebot.pdf', mimeType: 'application/pdf', buffer: readFileSync(CIRCUIT_DIAGRAM) },
    },
  });
  expect(file.status(), await file.text()).toBe(201);
  const current = await supplier.request.get(`/api/offer/?id=${offerId}`);
  const { lastUpdate, technicalSpec } = (await current.json()) as {
    lastUpdate: string;
    technicalSpec: object;
  };
  const released = await supplier.request.post('/api/offer/release', {
    data: {
      offerId,
      lastUpdate,
      offerNumber: `AN-A11Y-${Date.now()}`,
      price: 12_500,
      deliveryCondition: 'DAP',
      desiredDeliveryDate: inDays(90),
      additionalInfoSupplier: null,
      technicalSpec,
    },
  });
  expect(released.status(), await released.text()).toBe(200);
  return offerId;
}

/** The supplier starts the chat on its offer and writes the first message; returns the conversation's id. */
export async function chatAbout(supplier: Page, offerId: string, text: string): Promise<string> {
  const started = await supplier.request.post('/api/conversation/', { data: { offerId } });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const conversationId = ((await started.json()) as { id: string }).id;
  const sent = await supplier.request.post('/api/conversation/message/send', {
    multipart: { conversationId, content: text },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return conversationId;
}
