import { berlinToday } from '@portal/domain/rules/berlin-date';
import { reminderDayFor } from '@portal/domain/rules/offer-validity';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { repeatEvery } from '../../jobs/repeat';
import { sendMailJob } from '../../jobs/send-mail.job';
import { offerExpiredMail, offerExpiryMail } from '../../mail/templates/offer-expiry';
import { findCompanyMembers } from '../company';
import { notifyCompanies } from '../notification';
import {
  claimExpiredOffers,
  claimExpiringOffers,
  markExpiredNotified,
  markExpiryReminded,
} from './offer-expiry.repository';

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

/**
 * One run of the expiry notice: each released open offer whose last valid day has passed (Berlin) tells both
 * sides, every user of the supplier and of the customer, by notification and mail ("… ist abgelaufen"). As
 * with the reminder, the offer is marked in the transaction that queues its mails and claimed with SKIP
 * LOCKED: told once, whichever run or process gets there. Returns the number of offers announced.
 */
export async function sendOfferExpiredNotices(deps: OfferExpiryDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const today = berlinToday(now);
  let announced = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const due = await claimExpiredOffers(tx, today, OFFERS_PER_PIECE);
      for (const { offer, supplierName, customerName, enquiryTitle } of due) {
        const label = offer.offerNumber ?? offer.referenceNumber ?? enquiryTitle;
        const path = `/offer/${offer.id}`;
        const sides = [
          {
            side: 'SUPPLIER',
            companyId: offer.supplierId,
            text: `Ihr Angebot ${label} zu „${enquiryTitle}“ ist abgelaufen`,
          },
          {
            side: 'CUSTOMER',
            companyId: offer.customerId,
            text: `Das Angebot ${label} von ${supplierName} zu „${enquiryTitle}“ ist abgelaufen`,
          },
        ] as const;
        for (const { side, companyId, text } of sides) {
          await notifyCompanies(tx, {
            companyIds: [companyId],
            entity: 'OFFER',
            action: 'update',
            level: 'warn',
            text,
            link: path,
          });
          for (const member of await findCompanyMembers(tx, companyId)) {
            const mail = offerExpiredMail({
              to: member.email,
              name: `${member.name} ${member.lastname}`,
              side,
              offerLabel: label,
              version: offer.version,
              enquiryTitle,
              supplierName,
              customerName,
              validUntil: offer.validUntil ?? today,
              url: new URL(path, deps.baseUrl).toString(),
            });
            await deps.queue.enqueue(sendMailJob, mail, { tx });
          }
        }
        await markExpiredNotified(tx, offer.id, now);
      }
      return due.length;
    });
    announced += count;
    if (count < OFFERS_PER_PIECE) break;
  }
  if (announced > 0) deps.queue.wake(sendMailJob);
  return announced;
}

/**
 * Looks every hour in this process for offers to remind and for offers that have expired (a run after a
 * restart catches up).
 */
export function startOfferExpiryReminders(
  deps: OfferExpiryDeps & { log: (message: string) => void },
  intervalMs = 60 * 60_000,
): () => void {
  return repeatEvery(
    async () => {
      // A failed reminder does not hold back the notices of expired offers.
      await sendOfferExpiryReminders(deps).catch((error: Error) =>
        deps.log(`Erinnerung an ablaufende Angebote fehlgeschlagen: ${error.message}`),
      );
      await sendOfferExpiredNotices(deps);
    },
    intervalMs,
    (error) => deps.log(`Nachricht über abgelaufene Angebote fehlgeschlagen: ${error.message}`),
  );
}
