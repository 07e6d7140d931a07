import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { supplierDiscounts, supplierPricing } from '../../db/schema';
import { useEnquiryWorld } from '../../test/enquiry-world';
import {
  createArticle,
  createDiscountGroup,
  createManufacturer,
  createUnit,
  createWholesaler,
} from '../../test/factories';
import { offerApi, releasedEnquiryWithBom, SAMPLES } from '../../test/offer-world';
import { as, type Session } from '../../test/test-app';

const world = useEnquiryWorld();
const api = offerApi(world);
let groupId: string;
let siemensId: string;

/**
 * The catalog of the four-line test BOM: the contactor with a list price in a discount group (40 %, the
 * supplier's own discount 50 %), the breaker priced per 100 (at the supplier's wholesaler 98 €, in the catalog
 * 120 €). The supplier prices with Sonepar and 10 % markup; the other supplier has no settings.
 */
beforeAll(async () => {
  const db = world().ctx.db;
  const piece = await createUnit(db, { displayName: 'Stück', nameVariants: ['Stk'] });
  const siemens = await createManufacturer(db, { displayName: 'Siemens AG', nameVariants: ['Siemens'] });
  siemensId = siemens.id;
  const sonepar = await createWholesaler(db, { displayName: 'Sonepar' });
  groupId = (
    await createDiscountGroup(db, { manufacturerId: siemens.id, displayName: 'PG 110', percent: 40 })
  ).id;
  await createArticle(db, {
    orderNumber: '3RT2015-1BB41',
    manufacturerId: siemens.id,
    unitId: piece.id,
    listPrice: 42.5,
    discountGroupId: groupId,
  });
  await createArticle(db, {
    orderNumber: '5SY4106-7',
    manufacturerId: siemens.id,
    unitId: piece.id,
    priceUnitSize: 100,
    purchasePrice: 120,
    wholesalerInfos: [{ wholesalerId: sonepar.id, purchasePrice: 98 }],
  });
  await db
    .insert(supplierPricing)
    .values({ companyId: world().ids.supplierId, wholesalerId: sonepar.id, markupPercent: 10 });
  await db
    .insert(supplierDiscounts)
    .values({ companyId: world().ids.supplierId, discountGroupId: groupId, percent: 50 });
});

const post = (session: Session | null, url: string, payload: object) =>
  as(world().ctx.app, session, { method: 'POST', url, payload });
const markup = (session: Session | null, payload: object) =>
  post(session, '/api/offer/articles/markup', payload);
const reprice = (session: Session | null, payload: object) =>
  post(session, '/api/offer/articles/reprice', payload);
const round = (session: Session | null, payload: object) =>
  post(session, '/api/offer/articles/round', payload);
const calculation = (session: Session | null, offerId: string) =>
  as(world().ctx.app, session, { method: 'GET', url: `/api/offer/pricing?offerId=${offerId}` });

type Line = {
  id: string;
  orderNumber: string;
  pricePerPiece: number | null;
  priceSource?: unknown;
  lastUpdate: string;
};
async function linesOf(session: Session, offerId: string): Promise<Record<string, Line>> {
  const response = await api.articles(session, offerId);
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries((response.json().content as Line[]).map((line) => [line.orderNumber, line]));
}

async function newOffer(session: Session, enquiryId: string): Promise<string> {
  const created = await api.create(session, enquiryId);
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

describe('a new offer priced from the catalog', () => {
  it("starts priced with each line's source for its supplier; the customer sees offered prices only; another supplier nothing", async () => {
    const enquiryId = await releasedEnquiryWithBom(world);
    const offerId = await newOffer(world().supplier, enquiryId);
    const own = await linesOf(world().supplier, offerId);
    expect(own['3RT2015-1BB41']).toMatchObject({
      pricePerPiece: 23.375,
      priceSource: { kind: 'DISCOUNT_GROUP', name: 'PG 110', basePricePerPiece: 21.25 },
    });
    expect(own['5SY4106-7']).toMatchObject({
      pricePerPiece: 1.078,
      priceSource: { kind: 'WHOLESALER', name: 'Sonepar', basePricePerPiece: 0.98 },
    });
    expect(own['NOPE-999']).toMatchObject({ pricePerPiece: null, priceSource: null });
    expect(own['SPS-4711']).toMatchObject({ pricePerPiece: null, priceSource: null });

    // Without settings: the group's percent, the catalog's purchase price per 100, no markup.
    const othersOffer = await newOffer(world().otherSupplier, enquiryId);
    const others = await linesOf(world().otherSupplier, othersOffer);
    expect(others['3RT2015-1BB41']).toMatchObject({
      pricePerPiece: 25.5,
      priceSource: { kind: 'DISCOUNT_GROUP', name: 'PG 110', basePricePerPiece: 25.5 },
    });
    expect(others['5SY4106-7']).toMatchObject({
      pricePerPiece: 1.2,
      priceSource: { kind: 'CATALOG', name: null, basePricePerPiece: 1.2 },
    });

    // Each supplier sees only its own offer, lines and calculation.
    expect((await api.articles(world().otherSupplier, offerId)).statusCode).toBe(404);
    expect((await calculation(world().otherSupplier, offerId)).statusCode).toBe(404);
    expect((await api.articles(world().customer, offerId)).statusCode).toBe(404);

    expect(
      (await api.upload(world().supplier, offerId, 'Angebot.pdf', SAMPLES.pdf, 'OFFER')).statusCode,
    ).toBe(201);
    const release = await api.release(world().supplier, await api.values(offerId));
    expect(release.statusCode, release.body).toBe(200);
    const customerView = await api.articles(world().customer, offerId);
    expect(customerView.statusCode).toBe(200);
    expect(customerView.body).not.toMatch(/priceSource|basePricePerPiece|Sonepar|WHOLESALER|DISCOUNT_GROUP/);
    const shown = Object.fromEntries(
      (customerView.json().content as Line[]).map((line) => [line.orderNumber, line.pricePerPiece]),
    );
    expect(shown).toMatchObject({ '3RT2015-1BB41': 23.375, '5SY4106-7': 1.078 });
    const offer = await api.get(world().customer, offerId);
    expect(offer.body).not.toMatch(/priceSource|basePricePerPiece|Sonepar/);
    expect((await calculation(world().customer, offerId)).statusCode).toBe(403);
    // A released offer's prices are fixed.
    expect((await markup(world().supplier, { offerId, markupPercent: 5 })).statusCode).toBe(409);
    expect((await markup(world().customer, { offerId, markupPercent: 5 })).statusCode).toBe(403);
  });
});

describe('bulk actions on the articles', () => {
  it('401 signed out, 404 for another supplier and the customer of a draft, 400 for bad bodies', async () => {
    const offerId = await newOffer(world().supplier, await releasedEnquiryWithBom(world));
    for (const call of [markup, reprice, round]) {
      expect((await call(null, { offerId, markupPercent: 5 })).statusCode).toBe(401);
      expect((await call(world().otherSupplier, { offerId, markupPercent: 5 })).statusCode).toBe(404);
      expect((await call(world().customer, { offerId, markupPercent: 5 })).statusCode).toBe(404);
      expect((await call(world().operator, { offerId, markupPercent: 5 })).statusCode).toBe(404);
      expect((await call(world().supplier, { offerId: 'x', markupPercent: 5 })).statusCode).toBe(400);
      expect((await call(world().supplier, { offerId: randomUUID(), markupPercent: 5 })).statusCode).toBe(
        404,
      );
    }
    for (const payload of [
      { offerId, markupPercent: -5 },
      { offerId, markupPercent: 1001 },
      { offerId },
      { offerId, markupPercent: 5, selection: { status: 'GIBT_ES_NICHT' } },
      { offerId, markupPercent: 5, selection: { manufacturerId: 'Siemens' } },
    ]) {
      const refused = await markup(world().supplier, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await calculation(null, offerId)).statusCode).toBe(401);
    // Nothing of the refused calls changed a price.
    expect((await linesOf(world().supplier, offerId))['3RT2015-1BB41']?.pricePerPiece).toBe(23.375);
  });

  it('markup on a selection or all lines from the price before markup, round to cents, prices anew; manual prices keep their base', async () => {
    const offerId = await newOffer(world().supplier, await releasedEnquiryWithBom(world));
    const loaded = await linesOf(world().supplier, offerId);

    const byGroup = await markup(world().supplier, {
      offerId,
      markupPercent: 20,
      selection: { discountGroupId: groupId },
    });
    expect(byGroup.statusCode, byGroup.body).toBe(200);
    expect(byGroup.json()).toEqual({ changedLines: 1 });
    let lines = await linesOf(world().supplier, offerId);
    expect(lines['3RT2015-1BB41']?.pricePerPiece).toBe(25.5);
    expect(lines['5SY4106-7']?.pricePerPiece).toBe(1.078);

    // An edit dialog opened before the bulk action no longer saves over it.
    const stale = await api.updateArticle(world().supplier, {
      offerId,
      lineId: loaded['3RT2015-1BB41']?.id,
      lastUpdate: loaded['3RT2015-1BB41']?.lastUpdate,
      quantity: 2,
      pricePerPiece: 1,
    });
    expect(stale.statusCode).toBe(409);

    const byManufacturer = await markup(world().supplier, {
      offerId,
      markupPercent: 0,
      selection: { manufacturerId: siemensId, status: 'MATCHED' },
    });
    expect(byManufacturer.json()).toEqual({ changedLines: 2 });
    lines = await linesOf(world().supplier, offerId);
    expect(lines['3RT2015-1BB41']?.pricePerPiece).toBe(21.25);
    expect(lines['5SY4106-7']?.pricePerPiece).toBe(0.98);

    // A typed price is "manuell" and its own base.
    const typed = await api.updateArticle(world().supplier, {
      offerId,
      lineId: lines['NOPE-999']?.id,
      lastUpdate: lines['NOPE-999']?.lastUpdate,
      quantity: 1,
      pricePerPiece: 10,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().priceSource).toEqual({ kind: 'MANUAL', name: null, basePricePerPiece: 10 });

    expect((await markup(world().supplier, { offerId, markupPercent: 7.5 })).json()).toEqual({
      changedLines: 3,
    });
    lines = await linesOf(world().supplier, offerId);
    expect(lines['3RT2015-1BB41']?.pricePerPiece).toBe(22.8438);
    expect(lines['5SY4106-7']?.pricePerPiece).toBe(1.0535);
    expect(lines['NOPE-999']?.pricePerPiece).toBe(10.75);

    // Rounding changes only the prices with fractions of a cent.
    expect((await round(world().supplier, { offerId })).json()).toEqual({ changedLines: 2 });
    lines = await linesOf(world().supplier, offerId);
    expect(lines['3RT2015-1BB41']?.pricePerPiece).toBe(22.84);
    expect(lines['5SY4106-7']?.pricePerPiece).toBe(1.05);

    // Prices anew from the catalog with the supplier's terms: the typed price stays (no catalog article).
    expect((await reprice(world().supplier, { offerId })).json()).toEqual({ changedLines: 2 });
    lines = await linesOf(world().supplier, offerId);
    expect(lines['3RT2015-1BB41']?.pricePerPiece).toBe(23.375);
    expect(lines['5SY4106-7']?.pricePerPiece).toBe(1.078);
    expect(lines['NOPE-999']?.pricePerPiece).toBe(10.75);

    // The calculation: purchase + markup = material; the proposal adds the work and takes the amount.
    const sums = await calculation(world().supplier, offerId);
    expect(sums.statusCode, sums.body).toBe(200);
    const body = sums.json();
    expect(body.purchaseTotal).toBe(64.26);
    expect(body.materialTotal).toBe(70.44);
    expect(body.markupTotal).toBeCloseTo(body.materialTotal - body.purchaseTotal, 2);
    expect(body.workCost).toBeGreaterThan(0);
    expect(body.amount).toBe(2);
    expect(body.proposedPrice).toBeCloseTo((body.materialTotal + body.workCost) * 2, 2);
    expect(body.defaultMarkupPercent).toBe(10);
    expect(body.manufacturers).toContainEqual({ id: siemensId, name: 'Siemens AG' });
    expect(body.discountGroups).toEqual([{ id: groupId, name: 'PG 110' }]);
  });
});
