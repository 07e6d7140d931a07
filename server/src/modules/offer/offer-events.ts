import type { OfferStage } from '@portal/domain/rules/offer-state';
import type { DbOrTx } from '../../db/client';
import type { DomainEventBus } from '../../events/domain-events';
import type { JobQueue } from '../../jobs/queue';
import { sendMailJob } from '../../jobs/send-mail.job';
import { type OfferMailEvent, offerEventMail } from '../../mail/templates/offer-event';
import { splitOrderCustomerMail, splitOrderSupplierMail } from '../../mail/templates/offer-split';
import { findCompanyMembers } from '../company';
import { notifyOfferEvent, type OfferEventFacts } from '../notification';
import type { OfferRow } from './offer.repository';
import { offerPath } from './offer-decision';

/** An offer after a business step, with the names its mails and notifications show. */
export interface OfferTransition {
  offer: OfferRow;
  supplierName: string;
  customerName: string;
  enquiryTitle: string;
  /** The stage the offer is at now (SPEC §4): its links lead to that stage's list. */
  stage: OfferStage;
}

/** The offer's business events (SPEC §4 transitions) and what each carries. */
export interface OfferEvents {
  'offer.saved': OfferTransition;
  'offer.released': OfferTransition;
  'offer.accepted': OfferTransition;
  'offer.declined': OfferTransition;
  'offer.confirmed': OfferTransition;
  /** `offer` is the old version, now fixed; `version` the new draft's. */
  'offer.revised': OfferTransition & { version: number };
  /** An enquiry awarded split by line: the orders, each a new version of its offer with its lines only. */
  'offer.split': SplitAward;
}

export interface SplitAward {
  customerId: string;
  customerName: string;
  enquiryTitle: string;
  orders: {
    transition: OfferTransition;
    /** The offer number the supplier released (the order's carries the suffix). */
    offerLabel: string;
    lineCount: number;
    offeredLines: number;
  }[];
}

/** The transitions the other side hears of by mail, and who that is (SPEC §4). */
type TransitionEvent = 'offer.released' | 'offer.accepted' | 'offer.declined' | 'offer.confirmed';
const MAILED: Record<OfferMailEvent, { event: TransitionEvent; to: 'CUSTOMER' | 'SUPPLIER' }> = {
  released: { event: 'offer.released', to: 'CUSTOMER' },
  accepted: { event: 'offer.accepted', to: 'SUPPLIER' },
  declined: { event: 'offer.declined', to: 'SUPPLIER' },
  confirmed: { event: 'offer.confirmed', to: 'CUSTOMER' },
};

/** What a notification about an offer says: its number (else reference or title), both companies. */
function factsOf(transition: OfferTransition): OfferEventFacts {
  const { offer } = transition;
  return {
    offerId: offer.id,
    label: offer.offerNumber ?? offer.referenceNumber ?? transition.enquiryTitle,
    version: offer.version,
    enquiryTitle: transition.enquiryTitle,
    customerId: offer.customerId,
    supplierId: offer.supplierId,
    customerName: transition.customerName,
    supplierName: transition.supplierName,
    path: offerPath(transition.stage),
  };
}

/** One mail to every user of the receiving company, queued in the step's transaction (sent after commit). */
async function mailCompany(
  tx: DbOrTx,
  deps: { queue: JobQueue; baseUrl: string },
  event: OfferMailEvent,
  transition: OfferTransition,
) {
  const { offer } = transition;
  const toCustomer = MAILED[event].to === 'CUSTOMER';
  const companyId = toCustomer ? offer.customerId : offer.supplierId;
  const counterpartName = toCustomer ? transition.supplierName : transition.customerName;
  for (const member of await findCompanyMembers(tx, companyId)) {
    const mail = offerEventMail({
      to: member.email,
      name: `${member.name} ${member.lastname}`,
      event,
      offerLabel: offer.offerNumber ?? offer.referenceNumber ?? transition.enquiryTitle,
      version: offer.version,
      enquiryTitle: transition.enquiryTitle,
      counterpartName,
      rejectionReason: offer.rejectionReason,
      rejectionReasonIndividual: offer.rejectionReasonIndividual,
      url: new URL(`${offerPath(transition.stage)}/${offer.id}`, deps.baseUrl).toString(),
    });
    await deps.queue.enqueue(sendMailJob, mail, { tx });
  }
}

/** Each supplier's users hear of their own order only; the customer's users get the list of all orders. */
async function mailSplit(tx: DbOrTx, deps: { queue: JobQueue; baseUrl: string }, split: SplitAward) {
  const url = (path: string) => new URL(path, deps.baseUrl).toString();
  const labelOf = ({ offer, enquiryTitle }: OfferTransition) =>
    offer.offerNumber ?? offer.referenceNumber ?? enquiryTitle;
  for (const { transition, offerLabel, lineCount, offeredLines } of split.orders) {
    for (const member of await findCompanyMembers(tx, transition.offer.supplierId)) {
      const mail = splitOrderSupplierMail({
        to: member.email,
        name: `${member.name} ${member.lastname}`,
        customerName: split.customerName,
        enquiryTitle: split.enquiryTitle,
        offerLabel,
        orderLabel: labelOf(transition),
        lineCount,
        offeredLines,
        url: url(`${offerPath('ORDER')}/${transition.offer.id}`),
      });
      await deps.queue.enqueue(sendMailJob, mail, { tx });
    }
  }
  for (const member of await findCompanyMembers(tx, split.customerId)) {
    const mail = splitOrderCustomerMail({
      to: member.email,
      name: `${member.name} ${member.lastname}`,
      enquiryTitle: split.enquiryTitle,
      orders: split.orders.map(({ transition, lineCount }) => ({
        orderLabel: labelOf(transition),
        supplierName: transition.supplierName,
        lineCount,
      })),
      url: url(offerPath('ORDER')),
    });
    await deps.queue.enqueue(sendMailJob, mail, { tx });
  }
}

/**
 * The consumers of the offer's events, registered at the composition root: for each transition the mail to
 * the other side's users first, then the notification (with its live events), as SPEC §4 and §6 ask.
 */
export function registerOfferEventHandlers(
  bus: DomainEventBus<OfferEvents>,
  deps: { queue: JobQueue; baseUrl: string },
): void {
  const mailed = Object.entries(MAILED) as [OfferMailEvent, (typeof MAILED)[OfferMailEvent]][];
  for (const [mailEvent, { event }] of mailed) {
    bus.on(event, (tx, transition) => mailCompany(tx, deps, mailEvent, transition));
  }
  for (const [mailEvent, { event }] of mailed) {
    bus.on(event, (tx, transition) => notifyOfferEvent(tx, mailEvent, factsOf(transition)));
  }
  bus.on('offer.split', (tx, split) => mailSplit(tx, deps, split));
  bus.on('offer.split', async (tx, split) => {
    for (const { transition } of split.orders) await notifyOfferEvent(tx, 'accepted', factsOf(transition));
  });
  bus.on('offer.revised', (tx, transition) =>
    notifyOfferEvent(tx, 'revised', { ...factsOf(transition), version: transition.version }),
  );
}
