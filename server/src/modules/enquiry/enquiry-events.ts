import type { DomainEventBus } from '../../events/domain-events';
import type { JobQueue } from '../../jobs/queue';
import { sendMailJob } from '../../jobs/send-mail.job';
import { enquiryReleasedMail } from '../../mail/templates/enquiry-released';
import { findActiveSupplierMembers } from '../company';
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

/**
 * The consumers of the enquiry's events, registered at the composition root: on release a mail to every
 * user of the receiving suppliers, queued in the release's transaction (sent after commit, gone with a
 * rollback), then their notification.
 */
export function registerEnquiryEventHandlers(
  bus: DomainEventBus<EnquiryEvents>,
  deps: { queue: JobQueue; baseUrl: string },
): void {
  bus.on('enquiry.released', async (tx, { enquiry, customerName, recipients }) => {
    const url = new URL(`/enquiry/${enquiry.id}`, deps.baseUrl).toString();
    for (const member of await findActiveSupplierMembers(tx, recipients)) {
      const mail = enquiryReleasedMail({
        to: member.email,
        name: `${member.name} ${member.lastname}`,
        enquiryTitle: enquiry.title,
        customerName,
        desiredDeliveryDate: enquiry.desiredDeliveryDate,
        url,
      });
      await deps.queue.enqueue(sendMailJob, mail, { tx });
    }
  });
  bus.on('enquiry.released', (tx, released) =>
    notifyEnquiryReleased(tx, released.enquiry, released.customerName, released.recipients),
  );
}
