import { ALREADY_AWARDED_MESSAGE } from '@portal/domain/rules/offer-award';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, offers } from '../../db/schema';
import { mailHeader, mailText, readMailsTo } from '../../mail/testing/read-mail';
import { useEnquiryWorld } from '../../test/enquiry-world';
import { createActor } from '../../test/factories';
import {
  createOfferCatalog,
  emailsOf,
  offerApi,
  releasedEnquiryWithBom,
  releasedOffer,
  SAMPLES,
} from '../../test/offer-world';
import { as, type Session, signIn } from '../../test/test-app';

const world = useEnquiryWorld();
const api = offerApi(world);
let thirdSupplier: Session;
let thirdSupplierId: string;

let replacementId: string;

beforeAll(async () => {
  replacementId = (await createOfferCatalog(world())).replacement.id;
  const third = await createActor(world().ctx.db, 'SUPPLIER');
  thirdSupplier = await signIn(world().ctx.app, third.user.email);
  thirdSupplierId = third.company.id;
});

const award = (session: Session | null, payload: object) =>
  as(world().ctx.app, session, { method: 'POST', url: '/api/offer/award', payload });

async function withOrder(id: string) {
  const upload = await api.upload(world().customer, id, 'Bestellung.pdf', SAMPLES.pdf, 'ORDER');
  expect(upload.statusCode, upload.body).toBe(201);
}

async function mailsTo(companyId: string, subject: string): Promise<string[]> {
  await world().ctx.drainJobs();
  const emails = await emailsOf(world(), companyId);
  return emails.flatMap((email) =>
    readMailsTo(world().ctx.mailDir, email).filter((mail) => mailHeader(mail, 'Subject').includes(subject)),
  );
}

/** An enquiry with released offers of the two suppliers (and the third's when asked), the comparison's line ids. */
async function splitWorld(title: string, options: { third?: boolean; orders?: boolean } = {}) {
  const enquiryId = await releasedEnquiryWithBom(world, { title });
  const first = await releasedOffer(api, world().supplier, enquiryId, { offerNumber: `${title}-1` });
  const second = await releasedOffer(api, world().otherSupplier, enquiryId, { offerNumber: `${title}-2` });
  const third = options.third
    ? await releasedOffer(api, thirdSupplier, enquiryId, { offerNumber: `${title}-3` })
    : null;
  if (options.orders !== false) {
    await withOrder(first);
    await withOrder(second);
  }
  const comparison = (await api.compare(world().customer, enquiryId)).json();
  const lineOf = (orderNumber: string) =>
    comparison.lines.find((line: { orderNumber: string }) => line.orderNumber === orderNumber).key as string;
  return {
    enquiryId,
    first,
    second,
    third,
    comparison,
    contactor: lineOf('3RT2015-1BB41'),
    breaker: lineOf('5SY4106-7'),
    unpriced: lineOf('NOPE-999'),
  };
}

const lineNumbers = async (session: Session, offerId: string) =>
  (await api.articles(session, offerId))
    .json()
    .content.map((line: { orderNumber: string }) => line.orderNumber);

describe('GET /api/offer/compare, line by line', () => {
  it("shows each offer's price, lead time and alternative per line, marks the best and sums without work", async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Zeilenvergleich' });
    const ids: string[] = [];
    for (const [session, deliveryTime, replace] of [
      [world().supplier, 3, true],
      [world().otherSupplier, 10, false],
    ] as const) {
      const id = (await api.create(session, enquiryId)).json().id as string;
      const line = (await api.articles(session, id))
        .json()
        .content.find((entry: { orderNumber: string }) => entry.orderNumber === '3RT2015-1BB41');
      const edit = await api.updateArticle(session, {
        offerId: id,
        lineId: line.id,
        lastUpdate: line.lastUpdate,
        quantity: line.quantity,
        pricePerPiece: 40,
        deliveryTime,
        ...(replace ? { replacementArticleId: replacementId } : {}),
      });
      expect(edit.statusCode, edit.body).toBe(200);
      await api.upload(session, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER');
      expect((await api.release(session, await api.values(id, { price: 9000 }, session))).statusCode).toBe(
        200,
      );
      ids.push(id);
    }
    const answer = await api.compare(world().customer, enquiryId);
    expect(answer.statusCode, answer.body).toBe(200);
    const comparison = answer.json();
    const at = (id: string) => comparison.offers.findIndex((offer: { id: string }) => offer.id === id);
    const [mine, theirs] = [at(ids[0]!), at(ids[1]!)];
    const contactor = comparison.lines.find(
      (line: { orderNumber: string }) => line.orderNumber === '3RT2015-1BB41',
    );
    expect(contactor.prices).toEqual([40, 40]);
    expect(contactor.deliveryTimes[mine]).toBe(3);
    expect(contactor.deliveryTimes[theirs]).toBe(10);
    expect(contactor.alternatives[mine]).toBe('3RT2016-1BB42');
    expect(contactor.alternatives[theirs]).toBeNull();
    expect(contactor).toMatchObject({
      manufacturerName: 'Siemens AG',
      lowest: [0, 1],
      fastest: [mine],
      differs: true,
    });
    const supplied = comparison.lines.find(
      (line: { orderNumber: string }) => line.orderNumber === 'SPS-4711',
    );
    expect(supplied).toMatchObject({ prices: [null, null], lowest: [], differs: false });
    // 2 contactors at 40 € and 12 breakers at the catalog's price, for one cabinet; the price is for two.
    const offer = comparison.offers[mine];
    expect(offer).toMatchObject({ price: 9000, longestDeliveryTime: 3 });
    const breaker = comparison.lines.find(
      (line: { orderNumber: string }) => line.orderNumber === '5SY4106-7',
    );
    expect(breaker.prices[mine]).toBeGreaterThan(0);
    expect(offer.materialTotal).toBeCloseTo(2 * 40 + Math.round(12 * breaker.prices[mine] * 100) / 100, 2);
    expect(offer.pricedLines).toBe(2);
  });
});

describe('POST /api/offer/award (split by line)', () => {
  it('answers 401, 400, 404 and 403 before anything changes', async () => {
    const s = await splitWorld('Rechte');
    const body = {
      enquiryId: s.enquiryId,
      parts: [{ offerId: s.first, lineIds: [s.contactor] }],
    };
    expect((await award(null, body)).statusCode).toBe(401);
    for (const wrong of [
      { ...body, parts: [] },
      { ...body, parts: [{ offerId: s.first, lineIds: [] }] },
      { ...body, parts: [{ offerId: s.first, lineIds: ['Zeile 1'] }] },
      { enquiryId: 'keine', parts: body.parts },
    ]) {
      const answer = await award(world().customer, wrong);
      expect(answer.statusCode, answer.body).toBe(400);
    }
    expect((await award(world().otherCustomer, body)).statusCode).toBe(404);
    expect((await award(world().supplier, body)).statusCode).toBe(403);
    // A line the offer does not price, and one line twice, are bad input with a German reason.
    const unpriced = await award(world().customer, {
      ...body,
      parts: [{ offerId: s.first, lineIds: [s.unpriced] }],
    });
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json().message).toBe(
      'Eine gewählte Zeile ist im Angebot dieses Lieferanten nicht enthalten.',
    );
    const twice = await award(world().customer, {
      ...body,
      parts: [
        { offerId: s.first, lineIds: [s.contactor] },
        { offerId: s.second, lineIds: [s.contactor] },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Jede Zeile kann nur an einen Lieferanten vergeben werden.');
    // An offer of another enquiry is not there.
    const elsewhere = await splitWorld('Woanders');
    expect(
      (
        await award(world().customer, {
          ...body,
          parts: [{ offerId: elsewhere.first, lineIds: [s.contactor] }],
        })
      ).statusCode,
    ).toBe(404);
    const states = await world()
      .ctx.db.select({ state: offers.state })
      .from(offers)
      .where(inArray(offers.id, [s.first, s.second]));
    expect(states.map((row) => row.state)).toEqual(['OPEN', 'OPEN']);
  });

  it('refuses a part without the customer order PDF (422)', async () => {
    const s = await splitWorld('Ohne Bestellung', { orders: false });
    await withOrder(s.first);
    const answer = await award(world().customer, {
      enquiryId: s.enquiryId,
      parts: [
        { offerId: s.first, lineIds: [s.contactor] },
        { offerId: s.second, lineIds: [s.breaker] },
      ],
    });
    expect(answer.statusCode).toBe(422);
    expect((await api.get(world().otherSupplier, s.second)).json().state).toBe('OPEN');
  });

  it('gives each supplier an order of its lines only, declines the third offer, tells everybody; a second award is 409', async () => {
    const s = await splitWorld('Teilung', { third: true });
    const answer = await award(world().customer, {
      enquiryId: s.enquiryId,
      parts: [
        { offerId: s.first, lineIds: [s.contactor] },
        { offerId: s.second, lineIds: [s.breaker] },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { orders, goTo } = answer.json();
    expect(goTo).toBe('/order');
    // Suffixes in the order of the offers (by supplier name).
    const byName = [
      world().ids.supplierName,
      (await api.get(world().otherSupplier, s.second)).json().supplierName,
    ];
    const expected = [
      { name: byName[0], number: 'Teilung-1', lines: ['3RT2015-1BB41'] },
      { name: byName[1], number: 'Teilung-2', lines: ['5SY4106-7'] },
    ].sort((a, b) => a.name.localeCompare(b.name));
    expect(orders.map((order: { supplierName: string }) => order.supplierName)).toEqual(
      expected.map((e) => e.name),
    );
    expect(orders.map((order: { offerNumber: string }) => order.offerNumber)).toEqual([
      `${expected[0]!.number}-A`,
      `${expected[1]!.number}-B`,
    ]);
    expect(orders.map((order: { lineCount: number }) => order.lineCount)).toEqual([1, 1]);

    const firstOrder = orders.find(
      (o: { supplierName: string }) => o.supplierName === world().ids.supplierName,
    );
    const secondOrder = orders.find(
      (o: { supplierName: string }) => o.supplierName !== world().ids.supplierName,
    );
    const mine = (await api.get(world().supplier, firstOrder.id)).json();
    expect(mine).toMatchObject({ state: 'ACCEPTED', version: 2, lineageId: s.first, released: true });
    expect(mine.files.map((file: { fileType: string }) => file.fileType).sort()).toEqual(['OFFER', 'ORDER']);
    expect(mine.price).toBe(firstOrder.price);
    expect(await lineNumbers(world().supplier, firstOrder.id)).toEqual(['3RT2015-1BB41']);
    expect(await lineNumbers(world().otherSupplier, secondOrder.id)).toEqual(['5SY4106-7']);
    // Tenants: neither supplier reads the other's order or its lines; the third sees none.
    for (const [session, id] of [
      [world().supplier, secondOrder.id],
      [world().otherSupplier, firstOrder.id],
      [thirdSupplier, firstOrder.id],
      [world().otherCustomer, firstOrder.id],
    ] as [Session, string][]) {
      expect((await api.get(session, id)).statusCode).toBe(404);
      expect((await api.articles(session, id)).statusCode).toBe(404);
    }
    // The customer sees both orders with their lines; the versions before are fixed.
    expect(await lineNumbers(world().customer, secondOrder.id)).toEqual(['5SY4106-7']);
    const list = (await api.list(world().customer, '?states=ACCEPTED')).json();
    const numbers = list.content.map((item: { offerNumber: string }) => item.offerNumber);
    expect(numbers).toEqual(expect.arrayContaining([firstOrder.offerNumber, secondOrder.offerNumber]));
    expect((await api.get(world().supplier, s.first)).json()).toMatchObject({
      invalidated: true,
      state: 'OPEN',
    });

    const declined = (await api.get(thirdSupplier, s.third!)).json();
    expect(declined).toMatchObject({ state: 'DECLINED', rejectionReason: 'OTHER_SUPPLIER_CHOSEN' });
    const [declineMail] = await mailsTo(thirdSupplierId, 'Angebot abgelehnt: Teilung-3');
    expect(mailText(declineMail!)).toContain('Auftrag anderweitig vergeben');
    const thirdNotes = await world()
      .ctx.db.select({ text: notifications.text, userId: notifications.userId })
      .from(notifications);
    expect(thirdNotes.map((note) => note.text)).toEqual(
      expect.arrayContaining([
        `${world().ids.customerName} hat das Angebot Teilung-3 zu „Teilung“ abgelehnt`,
        `${world().ids.customerName} hat das Angebot ${firstOrder.offerNumber} zu „Teilung“ angenommen`,
        `${world().ids.customerName} hat das Angebot ${secondOrder.offerNumber} zu „Teilung“ angenommen`,
      ]),
    );

    // Both sides' mails: each supplier its own order only, the customer all of them.
    const [supplierMail] = await mailsTo(
      world().ids.supplierId,
      `Teilauftrag erhalten: ${firstOrder.offerNumber}`,
    );
    expect(mailText(supplierMail!)).toContain('1 Zeile von 2 Zeilen Ihres Angebots');
    expect(mailText(supplierMail!)).toContain(`/order/${firstOrder.id}`);
    expect(mailText(supplierMail!)).not.toContain(secondOrder.offerNumber);
    expect(
      await mailsTo(world().ids.otherSupplierId, `Teilauftrag erhalten: ${secondOrder.offerNumber}`),
    ).toHaveLength((await emailsOf(world(), world().ids.otherSupplierId)).length);
    const [customerMail] = await mailsTo(world().ids.customerId, 'Auftrag aufgeteilt: Teilung');
    expect(mailText(customerMail!)).toContain(
      `Auftrag ${firstOrder.offerNumber}: ${world().ids.supplierName}, 1 Zeile`,
    );
    expect(mailText(customerMail!)).toContain(`Auftrag ${secondOrder.offerNumber}`);

    // Awarded: another split and a whole acceptance are refused.
    const again = await award(world().customer, {
      enquiryId: s.enquiryId,
      parts: [{ offerId: secondOrder.id, lineIds: [s.contactor] }],
    });
    expect(again.statusCode).toBe(409);
    expect((await api.stateChange(world().customer, s.third!, 'ACCEPTED')).statusCode).toBe(409);
    const comparison = (await api.compare(world().customer, s.enquiryId)).json();
    expect(comparison.enquiry.awarded).toBe(true);
    expect(comparison.offers.every((offer: { acceptable: boolean }) => !offer.acceptable)).toBe(true);

    // The supplier confirms its order as any order (SPEC §4).
    await api.upload(
      world().supplier,
      firstOrder.id,
      'Auftragsbestätigung.pdf',
      SAMPLES.pdf,
      'ORDER_CONFIRMATION',
    );
    const confirmed = await api.stateChange(world().supplier, firstOrder.id, 'CONFIRMED');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('two awards at once (split against split, split against whole): exactly one wins', async () => {
    for (const [title, whole] of [
      ['Zwei Teilungen', false],
      ['Teilung gegen Ganzes', true],
    ] as const) {
      const s = await splitWorld(title);
      const split = award(world().customer, {
        enquiryId: s.enquiryId,
        parts: [
          { offerId: s.first, lineIds: [s.contactor] },
          { offerId: s.second, lineIds: [s.breaker] },
        ],
      });
      const other = whole
        ? api.stateChange(world().colleague, s.second, 'ACCEPTED')
        : award(world().colleague, {
            enquiryId: s.enquiryId,
            parts: [{ offerId: s.second, lineIds: [s.contactor, s.breaker] }],
          });
      const answers = await Promise.all([split, other]);
      expect(
        answers.map((answer) => answer.statusCode).sort(),
        answers.map((a) => a.body).join('\n'),
      ).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409)!;
      // The loser learns the enquiry is awarded, its offer's state moved on, or (a whole acceptance after a
      // split won) that the split already replaced the offer's version it names.
      expect([
        ALREADY_AWARDED_MESSAGE,
        expect.stringContaining('Status'),
        'Diese Version des Angebots wurde überarbeitet und kann nicht mehr geändert werden.',
      ]).toContainEqual(loser.json().message);
      const current = (await api.compare(world().customer, s.enquiryId)).json();
      const accepted = current.offers.filter((offer: { state: string }) => offer.state === 'ACCEPTED');
      expect(accepted.length).toBeGreaterThan(0);
      expect(current.offers.filter((offer: { state: string }) => offer.state === 'OPEN')).toHaveLength(0);
    }
  });
});
