import { addCalendarDays, berlinToday } from '@portal/domain/rules/berlin-date';
import { ALREADY_AWARDED_MESSAGE } from '@portal/domain/rules/offer-award';
import { OFFER_EXPIRED_MESSAGE, VALID_UNTIL_PAST_MESSAGE } from '@portal/domain/rules/offer-validity';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles, notifications, offers, users } from '../../db/schema';
import { mailHeader, mailText, readMailsTo } from '../../mail/testing/read-mail';
import { useEnquiryWorld } from '../../test/enquiry-world';
import {
  createOfferCatalog,
  dayFromToday,
  emailsOf,
  offerApi,
  releasedEnquiryWithBom,
  releasedOffer,
  SAMPLES,
} from '../../test/offer-world';
import { TEST_ORIGIN } from '../../test/test-app';
import { sendOfferExpiryReminders } from './offer-expiry';

const world = useEnquiryWorld();
const api = offerApi(world);

beforeAll(async () => {
  const { contactor, breaker } = await createOfferCatalog(world());
  // Lead times of the catalog (working days): a new offer's lines start with them.
  await world().ctx.db.update(articles).set({ deliveryTime: 5 }).where(eq(articles.id, contactor.id));
  await world().ctx.db.update(articles).set({ deliveryTime: 12 }).where(eq(articles.id, breaker.id));
});

async function mailsTo(companyId: string, subject: string): Promise<string[]> {
  await world().ctx.drainJobs();
  const mails = [];
  for (const email of await emailsOf(world(), companyId)) {
    mails.push(
      ...readMailsTo(world().ctx.mailDir, email).filter((mail) =>
        mailHeader(mail, 'Subject').includes(subject),
      ),
    );
  }
  return mails;
}

async function notificationTexts(companyId: string): Promise<string[]> {
  const rows = await world()
    .ctx.db.select({ text: notifications.text })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(users.companyId, companyId));
  return rows.map((row) => row.text);
}

/** Moves an offer's last valid day (the clock of a test cannot wait 30 days). */
async function setValidUntil(id: string, day: string) {
  await world().ctx.db.update(offers).set({ validUntil: day }).where(eq(offers.id, id));
}

async function withOrder(id: string) {
  const upload = await api.upload(world().customer, id, 'Bestellung.pdf', SAMPLES.pdf, 'ORDER');
  expect(upload.statusCode, upload.body).toBe(201);
}

describe('gültig bis', () => {
  it('the release sets release day + 30 days unless the supplier chose a day; a past day is 422', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Gültigkeit' });
    const id = await releasedOffer(api, world().supplier, enquiryId);
    const seen = (await api.get(world().customer, id)).json();
    expect(seen).toMatchObject({ validUntil: addCalendarDays(berlinToday(), 30), expired: false });

    const other = (await api.create(world().otherSupplier, enquiryId)).json().id as string;
    await api.upload(world().otherSupplier, other, 'Angebot.pdf', SAMPLES.pdf, 'OFFER');
    const past = await api.release(
      world().otherSupplier,
      await api.values(other, { validUntil: dayFromToday(-1) }, world().otherSupplier),
    );
    expect(past.statusCode).toBe(422);
    expect(past.json().issues).toEqual([{ path: 'validUntil', message: VALID_UNTIL_PAST_MESSAGE }]);
    const wrong = await api.update(
      world().otherSupplier,
      await api.values(other, { validUntil: '31.12.2030' }, world().otherSupplier),
    );
    expect(wrong.statusCode).toBe(400);
    const chosen = dayFromToday(10);
    const saved = await api.update(
      world().otherSupplier,
      await api.values(other, { validUntil: chosen }, world().otherSupplier),
    );
    expect(saved.json().validUntil).toBe(chosen);
    const released = await api.release(
      world().otherSupplier,
      await api.values(other, { validUntil: chosen }, world().otherSupplier),
    );
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().validUntil).toBe(chosen);
  });

  it('an expired offer shows "abgelaufen" to both sides and its acceptance is 409; declining still works', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Abgelaufen' });
    const id = await releasedOffer(api, world().supplier, enquiryId, { offerNumber: 'ALT-1' });
    await withOrder(id);
    await setValidUntil(id, dayFromToday(-1));
    for (const session of [world().supplier, world().customer]) {
      const list = (await api.list(session, '?states=OPEN,DECLINED&referenceNumber=')).json();
      const item = list.content.find((entry: { id: string }) => entry.id === id);
      expect(item).toMatchObject({ expired: true, validUntil: dayFromToday(-1) });
    }
    const detail = (await api.get(world().customer, id)).json();
    expect(detail).toMatchObject({ expired: true, abilities: { accept: false, decline: true } });
    const accept = await api.stateChange(world().customer, id, 'ACCEPTED');
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(OFFER_EXPIRED_MESSAGE);
    expect((await api.get(world().supplier, id)).json().state).toBe('OPEN');
    const decline = await api.stateChange(
      world().customer,
      id,
      'DECLINED',
      '&rejectionReason=DELIVERY_TIME_OUTSIDE_EXPECTATIONS',
    );
    expect(decline.statusCode, decline.body).toBe(200);
  });

  it('the supplier is reminded once the day before, whichever run or process gets there', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Erinnerung' });
    const id = await releasedOffer(api, world().supplier, enquiryId, { offerNumber: 'ERI-7' });
    const later = await releasedOffer(api, world().otherSupplier, enquiryId, { offerNumber: 'ERI-8' });
    await setValidUntil(id, dayFromToday(1));
    await setValidUntil(later, dayFromToday(2));
    const deps = { db: world().ctx.db, queue: world().ctx.queue, baseUrl: TEST_ORIGIN };
    const runs = await Promise.all([sendOfferExpiryReminders(deps), sendOfferExpiryReminders(deps)]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await sendOfferExpiryReminders(deps)).toBe(0);
    const mails = await mailsTo(world().ids.supplierId, 'läuft morgen ab');
    expect(mails).toHaveLength((await emailsOf(world(), world().ids.supplierId)).length);
    expect(mailHeader(mails[0]!, 'Subject')).toContain('ERI-7');
    expect(mailText(mails[0]!)).toContain(`/offer/${id}`);
    expect(await notificationTexts(world().ids.supplierId)).toContain(
      'Ihr Angebot ERI-7 zu „Erinnerung“ läuft morgen ab',
    );
    expect(await mailsTo(world().ids.otherSupplierId, 'läuft morgen ab')).toHaveLength(0);
    // The customer is not told of the supplier's reminder.
    expect((await notificationTexts(world().ids.customerId)).filter((t) => t.includes('läuft'))).toEqual([]);
  });
});

describe('awarding an enquiry as a whole', () => {
  it('declines the other open offers with "Auftrag anderweitig vergeben", tells their supplier; a second award is 409', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Vergabe' });
    const won = await releasedOffer(api, world().supplier, enquiryId, { offerNumber: 'GEW-1' });
    const lost = await releasedOffer(api, world().otherSupplier, enquiryId, { offerNumber: 'VER-2' });
    expect(
      (await api.stateChange(world().customer, lost, 'DECLINED', '&rejectionReason=OTHER_SUPPLIER_CHOSEN'))
        .statusCode,
    ).toBe(400);
    await withOrder(won);
    const accepted = await api.stateChange(world().customer, won, 'ACCEPTED');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ goTo: '/order', offer: { state: 'ACCEPTED' } });

    const declined = (await api.get(world().otherSupplier, lost)).json();
    expect(declined).toMatchObject({ state: 'DECLINED', rejectionReason: 'OTHER_SUPPLIER_CHOSEN' });
    const [mail] = await mailsTo(world().ids.otherSupplierId, 'Angebot abgelehnt: VER-2');
    expect(mail).toBeDefined();
    expect(mailText(mail!)).toContain('Auftrag anderweitig vergeben');
    expect(await notificationTexts(world().ids.otherSupplierId)).toContain(
      `${world().ids.customerName} hat das Angebot VER-2 zu „Vergabe“ abgelehnt`,
    );
    // The winner is not declined, and nobody but the loser is told of the decline.
    expect(await mailsTo(world().ids.supplierId, 'Angebot abgelehnt: GEW-1')).toHaveLength(0);

    // The loser revises; the customer reopens the enquiry and tries to accept the new version as well.
    const revised = await api.revise(world().otherSupplier, lost);
    expect(revised.statusCode, revised.body).toBe(201);
    const next = revised.json().id as string;
    await api.upload(world().otherSupplier, next, 'Angebot.pdf', SAMPLES.pdf, 'OFFER');
    const release = await api.release(
      world().otherSupplier,
      await api.values(next, {}, world().otherSupplier),
    );
    expect(release.statusCode, release.body).toBe(200);
    await withOrder(next);
    const second = await api.stateChange(world().customer, next, 'ACCEPTED');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ALREADY_AWARDED_MESSAGE);
    expect((await api.get(world().otherSupplier, next)).json().state).toBe('OPEN');
  });

  it('two acceptances at once: exactly one wins, the other offer is declined', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Gleichzeitig' });
    const first = await releasedOffer(api, world().supplier, enquiryId, { offerNumber: 'GLZ-1' });
    const second = await releasedOffer(api, world().otherSupplier, enquiryId, { offerNumber: 'GLZ-2' });
    await withOrder(first);
    await withOrder(second);
    const answers = await Promise.all([
      api.stateChange(world().customer, first, 'ACCEPTED'),
      api.stateChange(world().colleague, second, 'ACCEPTED'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await world()
      .ctx.db.select({ state: offers.state, reason: offers.rejectionReason })
      .from(offers)
      .where(and(inArray(offers.id, [first, second])));
    expect(rows.map((row) => row.state).sort()).toEqual(['ACCEPTED', 'DECLINED']);
    expect(rows.find((row) => row.state === 'DECLINED')?.reason).toBe('OTHER_SUPPLIER_CHOSEN');
  });
});

describe('lead time per line', () => {
  it("a new offer's lines take the article's working days; the supplier changes one; the offer shows the longest", async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Lieferzeit' });
    const id = (await api.create(world().supplier, enquiryId)).json().id as string;
    const page = (await api.articles(world().supplier, id)).json();
    const byNumber = new Map<string, { id: string; deliveryTime: number | null; lastUpdate: string }>(
      page.content.map(
        (line: { orderNumber: string; id: string; deliveryTime: number | null; lastUpdate: string }) => [
          line.orderNumber,
          line,
        ],
      ),
    );
    expect(byNumber.get('3RT2015-1BB41')?.deliveryTime).toBe(5);
    expect(byNumber.get('5SY4106-7')?.deliveryTime).toBe(12);
    expect(byNumber.get('NOPE-999')?.deliveryTime).toBeNull();
    expect(page.totals.longestDeliveryTime).toBe(12);

    const line = byNumber.get('3RT2015-1BB41')!;
    const edit = (deliveryTime: unknown) => ({
      offerId: id,
      lineId: line.id,
      lastUpdate: line.lastUpdate,
      quantity: 2,
      pricePerPiece: 40,
      deliveryTime,
    });
    for (const wrong of [-1, 1.5, 'zehn']) {
      expect((await api.updateArticle(world().supplier, edit(wrong))).statusCode).toBe(400);
    }
    expect((await api.updateArticle(world().otherSupplier, edit(20))).statusCode).toBe(404);
    const saved = await api.updateArticle(world().supplier, edit(20));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().deliveryTime).toBe(20);
    expect((await api.get(world().supplier, id)).json().articleTotals.longestDeliveryTime).toBe(20);
  });
});
