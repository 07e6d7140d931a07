import type { DomainEventBus } from '../../events/domain-events';
import { notifyEnquiryReleased } from '../notification';
import type { EnquiryRow } from './enquiry.repository';

/** An enquiry after a business step, with its customer's name. */
export interface EnquiryTransition {
  enquiry: EnquiryRow;
  customerName: string;
}

/** The enquiry's business events (SPEC §4) and what each carries. */
export interface EnquiryEvents {
  /** `recipients`: every active supplier, or the chosen ones' company ids. */
  'enquiry.released': EnquiryTransition & { recipients: 'ALL' | readonly string[] };
  /** `enquiry` is the new draft, `sourceId` the enquiry it was copied from. */
  'enquiry.copied': EnquiryTransition & { sourceId: string };
  'enquiry.closed': EnquiryTransition;
  'enquiry.reopened': EnquiryTransition;
}

/** The consumers of the enquiry's events, registered at the composition root: the suppliers' notification. */
export function registerEnquiryEventHandlers(bus: DomainEventBus<EnquiryEvents>): void {
  bus.on('enquiry.released', (tx, released) =>
    notifyEnquiryReleased(tx, released.enquiry, released.customerName, released.recipients),
  );
}
