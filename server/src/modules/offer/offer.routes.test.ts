import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import { createOfferCatalog, offerApi, releasedEnquiryWithBom, releasedOffer } from '../../test/offer-world';

const world = useEnquiryWorld();
const api = offerApi(world);
const enquiries = enquiryApi(world);

beforeAll(async () => {
  await createOfferCatalog(world());
});

describe('POST /api/offer/', () => {
  it('401 signed out; 404 for whoever may not see the enquiry; 403 for customers; 400 for a bad body', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, {
      recipients: { mode: 'CHOSEN', supplierIds: [world().ids.supplierId] },
    });
    expect((await api.create(null, enquiryId)).statusCode).toBe(401);
    // Not addressed, the operator, an external: the enquiry does not exist for them.
    for (const session of [world().otherSupplier]) {
      expect((await api.create(session, enquiryId)).statusCode).toBe(404);
    }
    for (const session of [world().customer, world().operator, world().external]) {
      expect((await api.create(session, enquiryId)).statusCode).toBe(403);
    }
    expect((await api.create(world().supplier, randomUUID())).statusCode).toBe(404);
    expect((await api.create(world().supplier, 'kein-id' as string)).statusCode).toBe(400);
  });

  it('404 on a draft enquiry; 409 on a closed one', async () => {
    const draft = (await enquiries.create(world().customer)).json().id as string;
    expect((await api.create(world().supplier, draft)).statusCode).toBe(404);
    const closed = await releasedEnquiryWithBom(world);
    await enquiries.get(world().customer, closed);
    const close = await world().ctx.app.inject({
      method: 'POST',
      url: '/api/enquiry/close',
      headers: { authorization: `Bearer ${world().customer.token}` },
      payload: { enquiryId: closed },
    });
    expect(close.statusCode).toBe(200);
    const refused = await api.create(world().supplier, closed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('OFFER_ENQUIRY_CLOSED');
  });

  it('201 copies the enquiry (not its title or states) and its BOM lines as articles; one open offer per supplier', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Schaltschrank Halle 3' });
    const enquiry = (await enquiries.get(world().customer, enquiryId)).json();
    const created = await api.create(world().supplier, enquiryId);
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json();
    expect(offer).toMatchObject({
      enquiryId,
      enquiryTitle: 'Schaltschrank Halle 3',
      supplierId: world().ids.supplierId,
      customerId: world().ids.customerId,
      customerName: world().ids.customerName,
      state: 'OPEN',
      version: 1,
      released: false,
      releaseDate: null,
      invalidated: false,
      archived: false,
      offerNumber: null,
      referenceNumber: enquiry.referenceNumber,
      deliveryCondition: enquiry.deliveryCondition,
      desiredDeliveryDate: enquiry.desiredDeliveryDate,
      amount: enquiry.amount,
      price: 12_000,
      changesDetected: false,
      technicalChanges: [],
      // Priced from the catalog (list prices, no settings): 2 × 42,50 € + 12 × 9,90 €.
      articleTotals: { lineCount: 4, pricedLines: 2, total: 203.8 },
      abilities: { role: 'SUPPLIER', edit: true, release: true, accept: false, revise: false },
    });
    expect(offer.technicalSpec).toEqual(enquiry.technicalSpec);
    expect(offer.enquiryFiles.map((file: { filename: string }) => file.filename)).toEqual(['Schaltplan.pdf']);
    expect(offer.files).toEqual([]);
    expect(offer.estimatedPrice).not.toBeNull();

    const articles = (await api.articles(world().supplier, offer.id)).json();
    const lines = (
      await world().ctx.app.inject({
        method: 'GET',
        url: `/api/enquiry/bom/lines?enquiryId=${enquiryId}`,
        headers: { authorization: `Bearer ${world().customer.token}` },
      })
    ).json().content as { id: string; orderNumber: string; status: string }[];
    expect(articles.counts).toEqual((await api.articles(world().supplier, offer.id)).json().counts);
    expect(
      articles.content.map(
        (line: { orderNumber: string; status: string; originLineId: string; edited: boolean }) => [
          line.orderNumber,
          line.status,
          line.originLineId,
          line.edited,
        ],
      ),
    ).toEqual(lines.map((line) => [line.orderNumber, line.status, line.id, false]));

    const again = await api.create(world().supplier, enquiryId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'OFFER_EXISTS',
      message: expect.stringContaining('bereits ein offenes Angebot'),
      issues: [{ path: 'offerId', message: offer.id }],
    });
    // Another supplier answers the same enquiry on its own.
    expect((await api.create(world().otherSupplier, enquiryId)).statusCode).toBe(201);
    expect((await api.ofEnquiry(world().supplier, enquiryId)).json().own).toMatchObject({ id: offer.id });
  });
});

describe('GET /api/offer/ and POST /api/offer/update', () => {
  it('the supplier reads and saves its draft; customers and other tenants get 404; a malformed id is 404', async () => {
    const enquiryId = await releasedEnquiryWithBom(world);
    const id = (await api.create(world().supplier, enquiryId)).json().id as string;
    expect((await api.get(null, id)).statusCode).toBe(401);
    for (const session of [
      world().customer,
      world().otherCustomer,
      world().otherSupplier,
      world().operator,
      world().external,
    ]) {
      expect((await api.get(session, id)).statusCode).toBe(404);
      expect((await api.update(session, await api.values(id))).statusCode).toBe(404);
    }
    expect((await api.get(world().supplier, 'abc')).statusCode).toBe(404);

    const bad = await api.update(world().supplier, await api.values(id, { price: -1 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].message).toContain('Preis ab 0,00 €');

    const saved = await api.update(
      world().supplier,
      await api.values(id, { technicalSpec: { packaging: 'WOODEN_BOX' } }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      offerNumber: 'AN-2026-0815',
      price: 14_250.5,
      released: false,
      changesDetected: true,
      technicalChanges: [
        {
          field: 'packaging',
          label: 'Verpackung',
          enquiryText: expect.any(String),
          offerText: expect.any(String),
        },
      ],
    });
    expect(saved.json().enquiryOriginal.technicalSpec.packaging).toBe('EURO_BOX');
    expect(saved.json().changeEntries.map((entry: { field: string }) => entry.field)).toEqual(
      expect.arrayContaining(['offerNumber', 'offerPrice', 'technicalSpec.packaging']),
    );
  });

  it('409 once released: the offer is read-only', async () => {
    const enquiryId = await releasedEnquiryWithBom(world);
    const id = await releasedOffer(api, world().supplier, enquiryId);
    const refused = await api.update(world().supplier, await api.values(id, { price: 1 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Ein freigegebenes Angebot kann nicht mehr geändert werden.');
    expect((await api.get(world().supplier, id)).json().price).toBe(14_250.5);
  });
});

describe('GET /api/offer/filter and POST /api/offer/archive', () => {
  it('suppliers see their offers, customers only released ones, others nothing; archive by the supplier', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Liste' });
    const draft = (await api.create(world().otherSupplier, enquiryId)).json().id as string;
    const released = await releasedOffer(api, world().supplier, enquiryId, { offerNumber: 'LISTE-1' });
    expect((await api.list(null)).statusCode).toBe(401);

    const supplierList = (
      await api.list(world().supplier, '?states=OPEN,DECLINED&referenceNumber=ref-2026')
    ).json();
    expect(supplierList.content.map((item: { id: string }) => item.id)).toContain(released);
    expect(supplierList.content.find((item: { id: string }) => item.id === released)).toMatchObject({
      counterpartName: world().ids.customerName,
      offerNumber: 'LISTE-1',
      state: 'OPEN',
      released: true,
    });
    const customerIds = (await api.list(world().customer, '?paginationSize=500'))
      .json()
      .content.map((item: { id: string }) => item.id);
    expect(customerIds).toContain(released);
    expect(customerIds).not.toContain(draft);
    const customerItem = (await api.list(world().customer, '?paginationSize=500'))
      .json()
      .content.find((item: { id: string }) => item.id === released);
    expect(customerItem.counterpartName).toBe(world().ids.supplierName);
    for (const session of [world().otherCustomer, world().operator, world().external]) {
      expect((await api.list(session)).json()).toEqual({ content: [], totalElements: 0 });
    }
    expect(
      (await api.list(world().supplier, '?states=ACCEPTED'))
        .json()
        .content.map((item: { id: string }) => item.id),
    ).not.toContain(released);
    expect((await api.list(world().supplier, '?states=NONSENSE')).statusCode).toBe(400);

    expect((await api.archive(world().customer, [released])).json()).toEqual({
      archived: [],
      failed: [released],
    });
    expect((await api.archive(world().otherSupplier, [released])).json()).toEqual({
      archived: [],
      failed: [released],
    });
    expect((await api.archive(world().supplier, [released])).json()).toEqual({
      archived: [released],
      failed: [],
    });
    const after = (await api.list(world().supplier, '?paginationSize=500'))
      .json()
      .content.map((item: { id: string }) => item.id);
    expect(after).not.toContain(released);
    const archived = (await api.list(world().supplier, '?paginationSize=500&archived=true')).json().content;
    expect(archived.find((item: { id: string }) => item.id === released)).toMatchObject({ archived: true });
    // Deleted from the list, the supplier may answer the enquiry anew.
    expect((await api.create(world().supplier, enquiryId)).statusCode).toBe(201);
  });
});
