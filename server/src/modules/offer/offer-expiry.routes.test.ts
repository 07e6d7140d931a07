import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offers } from '../../db/schema';
import { mailHeader, mailText } from '../../mail/testing/read-mail';
import { useEnquiryWorld } from '../../test/enquiry-world';
import {
  createOfferCatalog,
  dayFromToday,
  emailsOf,
  mailsToCompany,
  notificationTextsOf,
  offerApi,
  releasedEnquiryWithBom,
  releasedOffer,
} from '../../test/offer-world';
import { TEST_ORIGIN } from '../../test/test-app';
import { sendOfferExpiredNotices } from './offer-expiry';

const world = useEnquiryWorld();
const api = offerApi(world);

/** Moves an offer's last valid day (the clock of a test cannot wait 30 days). */
async function setValidUntil(id: string, day: string) {
  await world().ctx.db.update(offers).set({ validUntil: day }).where(eq(offers.id, id));
}

describe('an offer has expired', () => {
  it('both sides get one mail and notification, whichever run or process gets there; nobody else', async () => {
    await createOfferCatalog(world());
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Abgelaufen' });
    const expired = await releasedOffer(api, world().supplier, enquiryId, { offerNumber: 'ABL-1' });
    const lastDay = await releasedOffer(api, world().otherSupplier, enquiryId, { offerNumber: 'ABL-2' });
    await setValidUntil(expired, dayFromToday(-1));
    await setValidUntil(lastDay, dayFromToday(0));
    // A declined offer past its day is over already: nobody is told again.
    const other = await releasedEnquiryWithBom(world, { title: 'Schon abgelehnt' });
    const declined = await releasedOffer(api, world().supplier, other, { offerNumber: 'ABL-3' });
    const decline = await api.stateChange(
      world().customer,
      declined,
      'DECLINED',
      '&rejectionReason=PROJECT_NOT_REALIZED',
    );
    expect(decline.statusCode, decline.body).toBe(200);
    await setValidUntil(declined, dayFromToday(-2));

    const deps = { db: world().ctx.db, queue: world().ctx.queue, baseUrl: TEST_ORIGIN };
    const runs = await Promise.all([sendOfferExpiredNotices(deps), sendOfferExpiredNotices(deps)]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await sendOfferExpiredNotices(deps)).toBe(0);

    const supplierMails = await mailsToCompany(world(), world().ids.supplierId, 'ist abgelaufen');
    expect(supplierMails).toHaveLength((await emailsOf(world(), world().ids.supplierId)).length);
    expect(mailHeader(supplierMails[0]!, 'Subject')).toContain('Ihr Angebot ABL-1 ist abgelaufen');
    expect(mailText(supplierMails[0]!)).toContain(`/offer/${expired}`);
    expect(mailText(supplierMails[0]!)).toContain('überarbeiten Sie das Angebot');

    const customerMails = await mailsToCompany(world(), world().ids.customerId, 'ist abgelaufen');
    expect(customerMails).toHaveLength((await emailsOf(world(), world().ids.customerId)).length);
    expect(mailHeader(customerMails[0]!, 'Subject')).toContain('Angebot ABL-1 ist abgelaufen');
    expect(mailText(customerMails[0]!)).toContain(`von ${world().ids.supplierName}`);
    expect(mailText(customerMails[0]!)).toContain(`/offer/${expired}`);

    expect(await notificationTextsOf(world(), world().ids.supplierId)).toContain(
      'Ihr Angebot ABL-1 zu „Abgelaufen“ ist abgelaufen',
    );
    expect(await notificationTextsOf(world(), world().ids.customerId)).toContain(
      `Das Angebot ABL-1 von ${world().ids.supplierName} zu „Abgelaufen“ ist abgelaufen`,
    );
    // The offer valid through today, and the other customer, hear nothing.
    expect(await mailsToCompany(world(), world().ids.otherSupplierId, 'ist abgelaufen')).toHaveLength(0);
    expect(await mailsToCompany(world(), world().ids.otherCustomerId, 'ist abgelaufen')).toHaveLength(0);

    // The next day the other offer has expired too: only it is announced.
    const tomorrow = { ...deps, now: () => new Date(Date.now() + 24 * 60 * 60_000) };
    expect(await sendOfferExpiredNotices(tomorrow)).toBe(1);
    expect(
      await mailsToCompany(world(), world().ids.otherSupplierId, 'Ihr Angebot ABL-2 ist abgelaufen'),
    ).toHaveLength((await emailsOf(world(), world().ids.otherSupplierId)).length);
    expect(await mailsToCompany(world(), world().ids.supplierId, 'ist abgelaufen')).toHaveLength(
      supplierMails.length,
    );
  });
});
