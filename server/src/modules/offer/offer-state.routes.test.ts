import { beforeAll, describe, expect, it } from 'vitest';
import { mailHeader, mailText, readMailsTo } from '../../mail/testing/read-mail';
import { enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import {
  createOfferCatalog,
  emailsOf,
  offerApi,
  releasedEnquiryWithBom,
  releasedOffer,
  SAMPLES,
} from '../../test/offer-world';

const world = useEnquiryWorld();
const api = offerApi(world);
const enquiries = enquiryApi(world);

beforeAll(async () => {
  await createOfferCatalog(world());
});

async function mailsAbout(companyId: string, subject: string): Promise<string[]> {
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

describe('POST /api/offer/release', () => {
  it('422 names the missing required fields and the offer PDF together, and nothing is released', async () => {
    const enquiryId = await releasedEnquiryWithBom(world);
    const id = (await api.create(world().supplier, enquiryId)).json().id as string;
    const response = await api.release(world().supplier, {
      ...(await api.values(id)),
      offerNumber: null,
      deliveryCondition: null,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'OFFER_INCOMPLETE',
      issues: [
        { path: 'offerNumber', message: 'Bitte geben Sie eine Angebotsnummer ein.' },
        { path: 'deliveryCondition', message: 'Bitte wählen Sie eine Lieferbedingung.' },
        { path: 'offerFile', message: 'Angebotsdatei fehlt' },
      ],
    });
    // A PDF of another type is no offer file.
    await api.upload(world().supplier, id, 'Zeichnung.pdf', SAMPLES.pdf, 'CIRCUIT_DIAGRAM');
    const noOffer = await api.release(world().supplier, await api.values(id));
    expect(noOffer.json().issues).toEqual([{ path: 'offerFile', message: 'Angebotsdatei fehlt' }]);
    expect((await api.get(world().supplier, id)).json()).toMatchObject({
      released: false,
      releaseDate: null,
    });
    expect((await api.get(world().customer, id)).statusCode).toBe(404);
  });

  it('200: released and dated, the customer sees it and is mailed; 404/403 for the others', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Freigabe' });
    const id = (await api.create(world().supplier, enquiryId)).json().id as string;
    expect((await api.release(null, await api.values(id))).statusCode).toBe(401);
    expect((await api.release(world().customer, await api.values(id))).statusCode).toBe(404);
    expect((await api.release(world().otherSupplier, await api.values(id))).statusCode).toBe(404);
    await api.upload(world().supplier, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER');
    const released = await api.release(world().supplier, await api.values(id));
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      released: true,
      state: 'OPEN',
      abilities: { edit: false, revise: true },
    });
    expect(released.json().releaseDate).not.toBeNull();
    const seen = (await api.get(world().customer, id)).json();
    expect(seen).toMatchObject({
      offerNumber: 'AN-2026-0815',
      abilities: {
        role: 'CUSTOMER',
        accept: true,
        decline: true,
        confirm: false,
        revise: false,
        edit: false,
      },
    });
    expect((await api.get(world().otherCustomer, id)).statusCode).toBe(404);
    const [mail] = await mailsAbout(world().ids.customerId, 'Neues Angebot: AN-2026-0815');
    expect(mail).toBeDefined();
    expect(mailText(mail!)).toContain(`/offer/${id}`);
    expect(mailText(mail!)).toContain('„Freigabe“');
    expect((await api.release(world().supplier, await api.values(id))).statusCode).toBe(409);
  });
});

describe('GET /api/offer/statechange', () => {
  it("accept: 403 for the supplier, 422 without the customer's order PDF, then ACCEPTED, enquiry closed, supplier mailed", async () => {
    const enquiryId = await releasedEnquiryWithBom(world);
    const id = await releasedOffer(api, world().supplier, enquiryId, { offerNumber: 'ANNAHME-1' });
    expect((await api.stateChange(null, id, 'ACCEPTED')).statusCode).toBe(401);
    expect((await api.stateChange(world().otherCustomer, id, 'ACCEPTED')).statusCode).toBe(404);
    const bySupplier = await api.stateChange(world().supplier, id, 'ACCEPTED');
    expect(bySupplier.statusCode).toBe(403);
    expect(bySupplier.json().message).toBe('Nur der Kunde kann das Angebot annehmen.');
    expect((await api.stateChange(world().customer, id, 'CONFIRMED')).statusCode).toBe(409);
    expect((await api.stateChange(world().customer, id, 'KAPUTT')).statusCode).toBe(400);

    const noOrder = await api.stateChange(world().customer, id, 'ACCEPTED');
    expect(noOrder.statusCode).toBe(422);
    expect(noOrder.json().issues).toEqual([{ path: 'orderFile', message: 'Bestelldatei fehlt' }]);
    // The customer uploads its order to the released offer; the supplier cannot upload any more.
    expect((await api.upload(world().supplier, id, 'Bestellung.pdf', SAMPLES.pdf, 'ORDER')).statusCode).toBe(
      409,
    );
    expect((await api.upload(world().customer, id, 'Bestellung.pdf', SAMPLES.pdf, 'ORDER')).statusCode).toBe(
      201,
    );

    const accepted = await api.stateChange(world().customer, id, 'ACCEPTED');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ goTo: '/order', offer: { state: 'ACCEPTED' } });
    expect((await enquiries.get(world().customer, enquiryId)).json().closed).toBe(true);
    expect(
      (await api.list(world().customer, '?states=ACCEPTED&paginationSize=500'))
        .json()
        .content.map((item: { id: string }) => item.id),
    ).toContain(id);
    const [mail] = await mailsAbout(world().ids.supplierId, 'Angebot angenommen: ANNAHME-1');
    expect(mailText(mail!)).toContain(`/order/${id}`);
    // Accepted is no longer for the customer to change; a second accept is 409 and changes nothing.
    expect((await api.stateChange(world().customer, id, 'ACCEPTED')).statusCode).toBe(409);
    expect(
      (await api.stateChange(world().customer, id, 'DECLINED', '&rejectionReason=PRICE_NOT_AS_EXPECTED'))
        .statusCode,
    ).toBe(409);
    expect((await api.archive(world().supplier, [id])).json().failed).toEqual([id]);

    // confirm: only the supplier, with an order confirmation PDF.
    expect((await api.stateChange(world().customer, id, 'CONFIRMED')).statusCode).toBe(403);
    const noConfirmation = await api.stateChange(world().supplier, id, 'CONFIRMED');
    expect(noConfirmation.json().issues).toEqual([
      { path: 'orderConfirmationFile', message: 'Auftragsbestätigung fehlt' },
    ]);
    expect(
      (await api.upload(world().supplier, id, 'AB.pdf', SAMPLES.pdf, 'ORDER_CONFIRMATION')).statusCode,
    ).toBe(201);
    const confirmed = await api.stateChange(world().supplier, id, 'CONFIRMED');
    expect(confirmed.json()).toMatchObject({ goTo: '/job', offer: { state: 'CONFIRMED' } });
    expect((await mailsAbout(world().ids.customerId, 'Auftrag bestätigt: ANNAHME-1')).length).toBeGreaterThan(
      0,
    );
    expect(
      (await api.list(world().supplier, '?states=CONFIRMED&paginationSize=500'))
        .json()
        .content.map((item: { id: string }) => item.id),
    ).toContain(id);
    expect((await api.stateChange(world().supplier, id, 'CONFIRMED')).statusCode).toBe(409);
  });

  it('an order PDF the supplier uploaded before release does not count', async () => {
    const enquiryId = await releasedEnquiryWithBom(world);
    const created = (await api.create(world().supplier, enquiryId)).json().id as string;
    await api.upload(world().supplier, created, 'Bestellung.pdf', SAMPLES.pdf, 'ORDER');
    await api.upload(world().supplier, created, 'Angebot.pdf', SAMPLES.pdf, 'OFFER');
    expect((await api.release(world().supplier, await api.values(created))).statusCode).toBe(200);
    expect((await api.stateChange(world().customer, created, 'ACCEPTED')).statusCode).toBe(422);
  });

  it('decline: a reason is required, its free text when INDIVIDUAL; DECLINED stays in /offer; the supplier is mailed', async () => {
    const enquiryId = await releasedEnquiryWithBom(world);
    const id = await releasedOffer(api, world().supplier, enquiryId, { offerNumber: 'ABL-1' });
    const noReason = await api.stateChange(world().customer, id, 'DECLINED');
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().issues).toEqual([
      { path: 'rejectionReason', message: 'Bitte wählen Sie einen Ablehnungsgrund.' },
    ]);
    const noText = await api.stateChange(world().customer, id, 'DECLINED', '&rejectionReason=INDIVIDUAL');
    expect(noText.json().issues).toEqual([
      { path: 'rejectionReasonIndividual', message: 'Bitte beschreiben Sie den Ablehnungsgrund.' },
    ]);
    expect((await api.get(world().customer, id)).json().state).toBe('OPEN');
    const declined = await api.stateChange(
      world().customer,
      id,
      'DECLINED',
      `&rejectionReason=INDIVIDUAL&rejectionReasonIndividual=${encodeURIComponent('Lieferzeit zu lang für Projekt X')}`,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      goTo: '/offer',
      offer: {
        state: 'DECLINED',
        rejectionReason: 'INDIVIDUAL',
        rejectionReasonIndividual: 'Lieferzeit zu lang für Projekt X',
      },
    });
    const [mail] = await mailsAbout(world().ids.supplierId, 'Angebot abgelehnt: ABL-1');
    expect(mailText(mail!)).toContain('Lieferzeit zu lang für Projekt X');
    // From DECLINED nobody changes the state.
    expect((await api.stateChange(world().customer, id, 'ACCEPTED')).statusCode).toBe(409);
  });
});

describe('POST /api/offer/revise and GET /api/offer/revision', () => {
  it('a declined offer is revised: version 2 opens with the values, the old one stays fixed; the diff lists the changes', async () => {
    const enquiryId = await releasedEnquiryWithBom(world);
    const id = await releasedOffer(api, world().supplier, enquiryId, { offerNumber: 'REV-1', price: 1000 });
    expect((await api.revise(world().customer, id)).statusCode).toBe(403);
    expect((await api.revise(world().otherSupplier, id)).statusCode).toBe(404);
    await api.stateChange(world().customer, id, 'DECLINED', '&rejectionReason=PRICE_NOT_AS_EXPECTED');

    const revised = await api.revise(world().supplier, id);
    expect(revised.statusCode, revised.body).toBe(201);
    const v2 = revised.json();
    expect(v2).toMatchObject({
      version: 2,
      state: 'OPEN',
      released: false,
      offerNumber: 'REV-1',
      price: 1000,
      lineageId: id,
    });
    expect(v2.files).toEqual([]);
    expect((await api.revise(world().supplier, id)).statusCode).toBe(409);
    const old = (await api.get(world().supplier, id)).json();
    expect(old).toMatchObject({ invalidated: true, state: 'DECLINED', latestVersionId: v2.id });
    expect((await api.update(world().supplier, await api.values(id))).statusCode).toBe(409);

    // The customer keeps seeing version 1 until version 2 is released, marked as in revision.
    const compared = (await api.compare(world().customer, enquiryId)).json().offers;
    expect(compared.find((offer: { id: string }) => offer.id === id)).toMatchObject({
      inRevision: true,
      acceptable: false,
    });
    expect((await api.get(world().customer, v2.id)).statusCode).toBe(404);
    expect((await api.get(world().customer, id)).json().latestVersionId).toBe(id);

    const [line] = (await api.articles(world().supplier, v2.id, '&column=bmk')).json().content;
    expect(
      (
        await api.updateArticle(world().supplier, {
          offerId: v2.id,
          lineId: line.id,
          lastUpdate: line.lastUpdate,
          quantity: 3,
          pricePerPiece: 39.9,
        })
      ).statusCode,
    ).toBe(200);
    await api.upload(world().supplier, v2.id, 'Angebot_V2.pdf', SAMPLES.pdf, 'OFFER');
    expect(
      (await api.release(world().supplier, await api.values(v2.id, { offerNumber: 'REV-1', price: 900 })))
        .statusCode,
    ).toBe(200);

    const customerList = (await api.list(world().customer, '?paginationSize=500'))
      .json()
      .content.map((item: { id: string }) => item.id);
    expect(customerList).toContain(v2.id);
    expect(customerList).not.toContain(id);

    const history = (await api.revision(world().customer, v2.id)).json();
    expect(history.versions.map((version: { version: number }) => version.version)).toEqual([1, 2]);
    expect(history.versions[0].changes).toEqual([]);
    const labels = history.versions[1].changes.map((change: { label: string }) => change.label);
    expect(labels).toContain('Preis');
    expect(labels.some((label: string) => label.endsWith('Menge'))).toBe(true);
    expect(labels.some((label: string) => label.endsWith('Preis pro Stück'))).toBe(true);
    const price = history.versions[1].changes.find((change: { label: string }) => change.label === 'Preis');
    // Intl writes a no-break space before the euro sign.
    expect(price).toMatchObject({ beforeText: '1.000,00\u00a0€', afterText: '900,00\u00a0€' });
    expect((await api.revision(world().otherCustomer, v2.id)).statusCode).toBe(404);
  });
});
