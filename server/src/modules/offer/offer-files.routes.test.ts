import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import { createArticle, createUnit } from '../../test/factories';
import {
  createOfferCatalog,
  offerApi,
  offerValues,
  releasedEnquiryWithBom,
  releasedOffer,
  SAMPLES,
} from '../../test/offer-world';

const world = useEnquiryWorld();
const api = offerApi(world);
const enquiries = enquiryApi(world);
let catalog: Awaited<ReturnType<typeof createOfferCatalog>>;

beforeAll(async () => {
  catalog = await createOfferCatalog(world());
});

describe('offer files', () => {
  it('upload: 401, 404 for others, 415 for a wrong content, 400 for an impossible type; download and delete', async () => {
    const enquiryId = await releasedEnquiryWithBom(world);
    const id = (await api.create(world().supplier, enquiryId)).json().id as string;
    expect((await api.upload(null, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER')).statusCode).toBe(401);
    for (const session of [world().customer, world().otherSupplier, world().operator]) {
      expect((await api.upload(session, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER')).statusCode).toBe(404);
    }
    expect((await api.upload(world().supplier, id, 'Angebot.pdf', SAMPLES.exe, 'OFFER')).statusCode).toBe(
      415,
    );
    expect((await api.upload(world().supplier, id, 'Liste.csv', SAMPLES.csv, 'OFFER')).statusCode).toBe(400);
    const uploaded = await api.upload(world().supplier, id, '../../Angebot 1.pdf', SAMPLES.pdf);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json();
    expect(file).toMatchObject({ fileType: 'OFFER', uploadedBy: 'SUPPLIER' });
    expect(file.filename).not.toContain('/');
    const download = await api.download(world().supplier, id, file.id);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    expect((await api.download(world().otherSupplier, id, file.id)).statusCode).toBe(404);
    expect((await api.download(world().supplier, id, randomUUID())).statusCode).toBe(404);
    expect((await api.download(world().supplier, id, 'x')).statusCode).toBe(404);

    // The enquiry's files are read through the offer.
    const enquiryFile = (await api.get(world().supplier, id)).json().enquiryFiles[0];
    expect((await api.enquiryFile(world().supplier, id, enquiryFile.id)).statusCode).toBe(200);
    expect((await api.enquiryFile(world().otherSupplier, id, enquiryFile.id)).statusCode).toBe(404);

    expect((await api.deleteFile(world().otherSupplier, id, file.id)).statusCode).toBe(404);
    expect((await api.deleteFile(world().supplier, id, file.id)).statusCode).toBe(204);
    expect((await api.get(world().supplier, id)).json().files).toEqual([]);
  });

  it('the customer uploads to a released open offer only, and removes only its own files', async () => {
    // The other side's files: the released offer file is a signed document (409, offer-signed-files test);
    // a file of the other side that is none is 403 (see there, on an accepted order).
    const enquiryId = await releasedEnquiryWithBom(world);
    const id = await releasedOffer(api, world().supplier, enquiryId);
    const offerFile = (await api.get(world().customer, id)).json().files[0];
    expect(offerFile.uploadedBy).toBe('SUPPLIER');
    expect((await api.download(world().customer, id, offerFile.id)).statusCode).toBe(200);
    const order = (await api.upload(world().customer, id, 'Bestellung.pdf', SAMPLES.pdf, 'ORDER')).json();
    expect(order.uploadedBy).toBe('CUSTOMER');
    const signed = await api.deleteFile(world().customer, id, offerFile.id);
    expect(signed.statusCode).toBe(409);
    expect(signed.json().code).toBe('SIGNED_DOCUMENT_FIXED');
    expect((await api.deleteFile(world().customer, id, order.id)).statusCode).toBe(204);
    await api.stateChange(world().customer, id, 'DECLINED', '&rejectionReason=PROJECT_NOT_REALIZED');
    expect((await api.upload(world().customer, id, 'Nachtrag.pdf', SAMPLES.pdf)).statusCode).toBe(409);
  });
});

describe('offer articles', () => {
  it('page with totals; the supplier edits price, quantity, replacement and note on its draft; others may not', async () => {
    const enquiryId = await releasedEnquiryWithBom(world);
    const id = (await api.create(world().supplier, enquiryId)).json().id as string;
    expect((await api.articles(null, id)).statusCode).toBe(401);
    expect((await api.articles(world().customer, id)).statusCode).toBe(404);
    const page = (await api.articles(world().supplier, id, '&column=bmk')).json();
    expect(page.totalElements).toBe(4);
    expect(page.counts.byStatus).toMatchObject({ MATCHED: 2, NOT_FOUND: 1, SUPPLIED: 1 });
    const notFound = page.content.find((line: { status: string }) => line.status === 'NOT_FOUND');

    const { lastUpdate } = notFound;
    const line = { offerId: id, lineId: notFound.id, lastUpdate };
    const bad = await api.updateArticle(world().supplier, { ...line, quantity: 0 });
    expect(bad.statusCode).toBe(400);
    const wrongOwner = await api.updateArticle(world().otherSupplier, { ...line, quantity: 1 });
    expect(wrongOwner.statusCode).toBe(404);
    const unknownArticle = await api.updateArticle(world().supplier, {
      ...line,
      quantity: 1,
      replacementArticleId: randomUUID(),
    });
    expect(unknownArticle.statusCode).toBe(404);

    // The catalog search of the edit dialog: the supplier of the draft only, without purchase prices.
    const search = (session: Parameters<typeof api.get>[0], term: string) =>
      world().ctx.app.inject({
        method: 'GET',
        url: `/api/offer/article/search?offerId=${id}&searchTerm=${encodeURIComponent(term)}`,
        headers: session ? { authorization: `Bearer ${session.token}` } : {},
      });
    expect((await search(null, '3RT2016')).statusCode).toBe(401);
    expect((await search(world().otherSupplier, '3RT2016')).statusCode).toBe(404);
    expect((await search(world().customer, '3RT2016')).statusCode).toBe(404);
    expect((await search(world().supplier, '')).statusCode).toBe(400);
    const hits = (await search(world().supplier, '3RT2016-1BB42')).json();
    expect(hits[0]).toMatchObject({
      id: catalog.replacement.id,
      orderNumber: '3RT2016-1BB42',
      exactMatch: true,
    });
    expect(hits[0]).not.toHaveProperty('purchasePrice');

    const edited = await api.updateArticle(world().supplier, {
      ...line,
      quantity: 4,
      pricePerPiece: 12.34,
      replacementArticleId: catalog.replacement.id,
      note: 'Nachfolgetyp',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      quantity: 4,
      pricePerPiece: 12.34,
      totalPrice: 49.36,
      note: 'Nachfolgetyp',
      edited: true,
      manualReplacement: true,
      status: 'MATCHED',
      matchedArticleId: catalog.replacement.id,
      originLineId: notFound.originLineId,
    });
    const after = (await api.articles(world().supplier, id)).json();
    // Beside the two lines priced from the catalog (203,80 €).
    expect(after.totals).toEqual({ lineCount: 4, pricedLines: 3, total: 253.16, longestDeliveryTime: null });
    expect((await api.get(world().supplier, id)).json().articleTotals.total).toBe(253.16);
    const summed = (await api.summed(world().supplier, id)).json();
    expect(summed.content.length).toBeGreaterThan(0);

    // The enquiry's line stays as the customer wrote it.
    const enquiryLines = (
      await world().ctx.app.inject({
        method: 'GET',
        url: `/api/enquiry/bom/lines?enquiryId=${enquiryId}`,
        headers: { authorization: `Bearer ${world().customer.token}` },
      })
    ).json().content;
    expect(enquiryLines.find((line: { id: string }) => line.id === notFound.originLineId).status).toBe(
      'NOT_FOUND',
    );

    await api.upload(world().supplier, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER');
    await api.release(world().supplier, await api.values(id));
    expect((await api.articles(world().customer, id)).json().totals.total).toBe(253.16);
    const frozen = await api.updateArticle(world().supplier, {
      ...line,
      lastUpdate: edited.json().lastUpdate,
      quantity: 1,
    });
    expect(frozen.statusCode).toBe(409);
  });
});

describe('offer articles in the unit of a replacement', () => {
  it('a replacement sold in "100 Stück" keeps the line\'s pieces and names the packages', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Verpackungseinheit' });
    const id = (await api.create(world().supplier, enquiryId)).json().id as string;
    const page = (await api.articles(world().supplier, id)).json();
    const notFound = page.content.find((line: { status: string }) => line.status === 'NOT_FOUND');
    const hundred = await createUnit(world().ctx.db, { displayName: '100 Stück', nameVariants: ['100 Stk'] });
    const packed = await createArticle(world().ctx.db, { orderNumber: 'UT-100-PACK', unitId: hundred.id });
    const replaced = await api.updateArticle(world().supplier, {
      offerId: id,
      lineId: notFound.id,
      lastUpdate: notFound.lastUpdate,
      quantity: 40,
      replacementArticleId: packed.id,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      quantity: 40,
      quantityUnitName: 'Stk',
      status: 'MATCHED',
      matchedArticleId: packed.id,
      articleQuantity: 40,
      packages: 1,
    });
  });
});

describe('GET /api/offer/compare', () => {
  it('the customer compares the released offers of its enquiry line by line; others get 404 or 403', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Vergleich' });
    const first = (await api.create(world().supplier, enquiryId)).json().id as string;
    const second = (await api.create(world().otherSupplier, enquiryId)).json().id as string;
    const lines = (await api.articles(world().supplier, first, '&column=bmk')).json().content;
    const secondLines = (await api.articles(world().otherSupplier, second, '&column=bmk')).json().content;
    await api.updateArticle(world().supplier, {
      offerId: first,
      lineId: lines[0].id,
      lastUpdate: lines[0].lastUpdate,
      quantity: lines[0].quantity,
      pricePerPiece: 10,
    });
    await api.updateArticle(world().otherSupplier, {
      offerId: second,
      lineId: secondLines[0].id,
      lastUpdate: secondLines[0].lastUpdate,
      quantity: secondLines[0].quantity,
      pricePerPiece: 8,
    });
    for (const [session, id, extra] of [
      [world().supplier, first, { price: 5000, desiredDeliveryDate: offerValues(first).desiredDeliveryDate }],
      [world().otherSupplier, second, { price: 5500, technicalSpec: { packaging: 'WOODEN_BOX' } }],
    ] as const) {
      await api.upload(session, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER');
      expect((await api.release(session, await api.values(id, extra, session))).statusCode).toBe(200);
    }
    expect((await api.compare(null, enquiryId)).statusCode).toBe(401);
    expect((await api.compare(world().otherCustomer, enquiryId)).statusCode).toBe(404);
    expect((await api.compare(world().supplier, enquiryId)).statusCode).toBe(403);
    expect((await api.ofEnquiry(world().customer, enquiryId)).json().releasedOffers).toBe(2);

    const comparison = (await api.compare(world().customer, enquiryId)).json();
    expect(comparison.enquiry).toMatchObject({ id: enquiryId, title: 'Vergleich' });
    const byId = Object.fromEntries(comparison.offers.map((offer: { id: string }) => [offer.id, offer]));
    expect(byId[first]).toMatchObject({
      price: 5000,
      lowestPrice: true,
      technicalChanges: [],
      acceptable: true,
    });
    expect(byId[second]).toMatchObject({ price: 5500, lowestPrice: false });
    expect(byId[second].technicalChanges.map((change: { field: string }) => change.field)).toEqual([
      'packaging',
    ]);
    const line = comparison.lines.find((entry: { key: string }) => entry.key === lines[0].originLineId);
    const at = (id: string) => comparison.offers.findIndex((offer: { id: string }) => offer.id === id);
    expect(line.prices[at(first)]).toBe(10);
    expect(line.prices[at(second)]).toBe(8);
    expect(line).toMatchObject({ lowest: [at(second)], differs: true });
    // The sums without work per cabinet: the lines each offer prices (its catalog prices and the edited one).
    expect(byId[first].materialTotal).toBeGreaterThan(0);
    expect(comparison.enquiry).toMatchObject({ amount: 2, awarded: false });
    expect(comparison.lines).toHaveLength(4);
    expect(comparison.linesTruncated).toBe(false);

    // A draft of a third party never shows; an enquiry of the customer without offers compares nothing.
    const empty = (await enquiries.create(world().customer)).json().id as string;
    expect((await api.compare(world().customer, empty)).json().offers).toEqual([]);
  });
});
