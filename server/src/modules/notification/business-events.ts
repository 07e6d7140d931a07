import type { DbOrTx } from '../../db/client';
import { findActiveSupplierIds } from './notification.repository';
import { notifyCompanies } from './notify';

/**
 * The notifications of the business's events, written by the services in the transaction
 * of the change (enquiry release, offer transitions). The wording is German and complete; the link opens the
 * record in the receiver's list (SPEC §2 routes).
 */

/** An enquiry released to the chosen suppliers, or to every active supplier (SPEC §4). */
export async function notifyEnquiryReleased(
  tx: DbOrTx,
  enquiry: { id: string; title: string },
  customerName: string,
  supplierIds: readonly string[] | 'ALL',
): Promise<void> {
  const companyIds = supplierIds === 'ALL' ? await findActiveSupplierIds(tx) : supplierIds;
  await notifyCompanies(tx, {
    companyIds,
    entity: 'ENQUIRY',
    action: 'create',
    text: `Neue Anfrage „${enquiry.title}“ von ${customerName}`,
    link: `/enquiry/${enquiry.id}`,
    list: { entity: 'enquiry', id: enquiry.id },
  });
}

export type OfferEvent = 'released' | 'accepted' | 'declined' | 'confirmed' | 'revised';

export interface OfferEventFacts {
  offerId: string;
  label: string;
  version: number;
  enquiryTitle: string;
  customerId: string;
  supplierId: string;
  customerName: string;
  supplierName: string;
  /** The receiver's list the offer is in now: /offer, /order or /job. */
  path: string;
}

const OFFER_EVENTS: Record<
  OfferEvent,
  { to: 'CUSTOMER' | 'SUPPLIER'; level: 'info' | 'success' | 'warn'; text(facts: OfferEventFacts): string }
> = {
  released: {
    to: 'CUSTOMER',
    level: 'info',
    text: (f) =>
      `${f.supplierName} hat das Angebot ${f.label} (Version ${f.version}) zu „${f.enquiryTitle}“ freigegeben`,
  },
  accepted: {
    to: 'SUPPLIER',
    level: 'success',
    text: (f) => `${f.customerName} hat das Angebot ${f.label} zu „${f.enquiryTitle}“ angenommen`,
  },
  declined: {
    to: 'SUPPLIER',
    level: 'warn',
    text: (f) => `${f.customerName} hat das Angebot ${f.label} zu „${f.enquiryTitle}“ abgelehnt`,
  },
  confirmed: {
    to: 'CUSTOMER',
    level: 'success',
    text: (f) => `${f.supplierName} hat den Auftrag ${f.label} zu „${f.enquiryTitle}“ bestätigt`,
  },
  revised: {
    to: 'CUSTOMER',
    level: 'info',
    text: (f) =>
      `${f.supplierName} überarbeitet das Angebot ${f.label} zu „${f.enquiryTitle}“ (Version ${f.version})`,
  },
};

/** Tells the other side of an offer transition; both sides' offer lists change with it. */
export async function notifyOfferEvent(tx: DbOrTx, event: OfferEvent, facts: OfferEventFacts): Promise<void> {
  const spec = OFFER_EVENTS[event];
  const receiver = spec.to === 'CUSTOMER' ? facts.customerId : facts.supplierId;
  await notifyCompanies(tx, {
    companyIds: [receiver],
    entity: 'OFFER',
    action: event === 'released' ? 'create' : 'update',
    level: spec.level,
    text: spec.text(facts),
    link: `${facts.path}/${facts.offerId}`,
    list: { entity: 'offer', id: facts.offerId, alsoCompanyIds: [facts.customerId, facts.supplierId] },
  });
}
