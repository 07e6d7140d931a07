import { reminderDayFor } from '@portal/domain/rules/offer-validity';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { repeatEvery } from '../../jobs/repeat';
import { sendMailJob } from '../../jobs/send-mail.job';
import { offerExpiryMail } from '../../mail/templates/offer-expiry';
import { findCompanyMembers } from '../company';
import { notifyCompanies } from '../notification';
import { claimExpiringOffers, markExpiryReminded } from './offer-expiry.repository';

/** Offers per transaction: a short lock, the next piece in the next transaction. */
const OFFERS_PER_PIECE = 50;

export interface OfferExpiryDeps {
  db: Db;
  queue: JobQueue;
  baseUrl: string;
  /** The run's time; now when absent (tests pass a day). */
  now?: () => Date;
}

/**
 * One run of the reminder: each released open offer whose last valid day is tomorrow (Berlin) tells its
 * supplier's users, by notification and mail ("Ihr Angebot … läuft morgen ab"). The offer is marked in the
 * transaction that queues its mail, and claimed with SKIP LOCKED, so a run repeated or running in several
 * processes at once reminds every offer exactly once. Returns the number of offers reminded.
 */
export async function sendOfferExpiryReminders(deps: OfferExpiryDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const day = reminderDayFor(now);
  let reminded = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const due = await claimExpiringOffers(tx, day, OFFERS_PER_PIECE);
      for (const { offer, supplierName: _s, customerName, enquiryTitle } of due) {
        const label = offer.offerNumber ?? offer.referenceNumber ?? enquiryTitle;
        const path = `/offer/${offer.id}`;
        await notifyCompanies(tx, {
          companyIds: [offer.supplierId],
          entity: 'OFFER',
          action: 'update',
          level: 'warn',
          text: `Ihr Angebot ${label} zu „${enquiryTitle}“ läuft morgen ab`,
          link: path,
        });
        for (const member of await findCompanyMembers(tx, offer.supplierId)) {
          const mail = offerExpiryMail({
            to: member.email,
            name: `${member.name} ${member.lastname}`,
            offerLabel: label,
            version: offer.version,
            enquiryTitle,
            customerName,
            validUntil: day,
            url: new URL(path, deps.baseUrl).toString(),
          });
          await deps.queue.enqueue(sendMailJob, mail, { tx });
        }
        await markExpiryReminded(tx, offer.id, now);
      }
      return due.length;
    });
    reminded += count;
    if (count < OFFERS_PER_PIECE) break;
  }
  if (reminded > 0) deps.queue.wake(sendMailJob);
  return reminded;
}

/** Looks for offers to remind every hour in this process (a run after a restart catches up the same day). */
export function startOfferExpiryReminders(
  deps: OfferExpiryDeps & { log: (message: string) => void },
  intervalMs = 60 * 60_000,
): () => void {
  return repeatEvery(
    () => sendOfferExpiryReminders(deps),
    intervalMs,
    (error) => deps.log(`Erinnerung an ablaufende Angebote fehlgeschlagen: ${error.message}`),
  );
}
