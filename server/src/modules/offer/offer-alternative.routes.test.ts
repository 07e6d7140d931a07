import { randomUUID } from 'node:crypto';
import { ALTERNATIVE_PRICE_MESSAGE } from '@portal/domain/schemas/offer';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEnquiryWorld } from '../../test/enquiry-world';
import { createUser } from '../../test/factories';
import { expectChangedMeanwhile } from '../../test/lost-update';
import { createOfferCatalog, offerApi, releasedEnquiryWithBom, SAMPLES } from '../../test/offer-world';
import { type Session, signIn } from '../../test/test-app';

const world = useEnquiryWorld();
const api = offerApi(world);
let catalog: Awaited<ReturnType<typeof createOfferCatalog>>;
/** A second user of the supplier company, for the stale edit. */
let colleague: Session;

beforeAll(async () => {
  catalog = await createOfferCatalog(world());
  const user = await createUser(world().ctx.db, { companyId: world().ids.supplierId });
  colleague = await signIn(world().ctx.app, user.email);
});

interface Line {
  id: string;
  bmk: string | null;
  quantity: number;
  lastUpdate: string;
  pricePerPiece: number | null;
  alternative?: Record<string, unknown> | null;
  priceSource?: unknown;
}

/** The offer's contactor line (-K1, two pieces, matched to 3RT2015-1BB41) as `session` reads it. */
async function contactorLine(session: Session, offerId: string): Promise<Line> {
  const lines = (await api.articles(session, offerId, '&column=bmk')).json().content as Line[];
  return lines.find((line) => line.bmk === '-K1')!;
}

async function draftOf(session: Session, enquiryId: string): Promise<string> {
  const created = await api.create(session, enquiryId);
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

/** The edit dialog's save of the contactor line with an alternative (the original price stays as loaded). */
async function offerAlternative(session: Session, offerId: string, extra: object) {
  const line = await contactorLine(session, offerId);
  return api.updateArticle(session, {
    offerId,
    lineId: line.id,
    lastUpdate: line.lastUpdate,
    quantity: line.quantity,
    pricePerPiece: line.pricePerPiece,
    ...extra,
  });
}

describe('POST /api/offer/article/update: the supplier offers an alternative on a line', () => {
  it('401 signed out; 404 for another supplier and the customer of a draft; 400 for a bad article or price; 409 stale', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Alternative abgelehnt' });
    const id = await draftOf(world().supplier, enquiryId);
    const line = await contactorLine(world().supplier, id);
    const body = {
      offerId: id,
      lineId: line.id,
      lastUpdate: line.lastUpdate,
      quantity: line.quantity,
      alternativeArticleId: catalog.replacement.id,
      alternativePricePerPiece: 39.9,
    };
    expect((await api.updateArticle(null, body)).statusCode).toBe(401);
    expect((await api.updateArticle(world().otherSupplier, body)).statusCode).toBe(404);
    expect((await api.updateArticle(world().customer, body)).statusCode).toBe(404);

    const notUuid = await api.updateArticle(world().supplier, { ...body, alternativeArticleId: 'K1' });
    expect(notUuid.statusCode).toBe(400);
    const unknown = await api.updateArticle(world().supplier, {
      ...body,
      alternativeArticleId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([
      {
        path: 'alternativeArticleId',
        message:
          'Der gewählte Alternativartikel wurde im Katalog nicht gefunden. Bitte suchen Sie ihn erneut.',
      },
    ]);
    const same = await api.updateArticle(world().supplier, {
      ...body,
      alternativeArticleId: catalog.contactor.id,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(
      'Die Alternative muss ein anderer Artikel sein als der Artikel der Zeile.',
    );
    const cents = await api.updateArticle(world().supplier, { ...body, alternativePricePerPiece: 1.234 });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().issues).toContainEqual(
      expect.objectContaining({ message: ALTERNATIVE_PRICE_MESSAGE }),
    );
    expect((await contactorLine(world().supplier, id)).alternative).toBeNull();

    // A colleague saved the line since it was loaded: the older edit is refused, the colleague's stays.
    const first = await api.updateArticle(colleague, { ...body, alternativePricePerPiece: 38 });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await api.updateArticle(world().supplier, body);
    await expectChangedMeanwhile(world().ctx.db, stale, colleague.userId);
    expect((await contactorLine(world().supplier, id)).alternative).toMatchObject({ pricePerPiece: 38 });

    // Released, the offer is read-only for its supplier (409) and the customer may not edit it (403).
    expect((await api.upload(world().supplier, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER')).statusCode).toBe(
      201,
    );
    expect((await api.release(world().supplier, await api.values(id))).statusCode).toBe(200);
    const current = await contactorLine(world().supplier, id);
    const afterRelease = { ...body, lastUpdate: current.lastUpdate };
    expect((await api.updateArticle(world().supplier, afterRelease)).statusCode).toBe(409);
    expect((await api.updateArticle(world().customer, afterRelease)).statusCode).toBe(403);
  });

  it('sets, keeps and clears it; the customer sees it with both offered prices; a revision keeps it', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Alternative' });
    const id = await draftOf(world().supplier, enquiryId);
    const set = await offerAlternative(world().supplier, id, {
      pricePerPiece: 42.5,
      alternativeArticleId: catalog.replacement.id,
      alternativePricePerPiece: 39.9,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      pricePerPiece: 42.5,
      totalPrice: 85,
      matchedArticle: { id: catalog.contactor.id, orderNumber: '3RT2015-1BB41' },
      alternative: {
        articleId: catalog.replacement.id,
        manufacturerName: 'Siemens AG',
        orderNumber: '3RT2016-1BB42',
        unitName: 'Stück',
        pricePerPiece: 39.9,
        totalPrice: 79.8,
      },
    });

    // A save without the alternative's fields (another dialog, an older client) keeps it.
    const kept = await offerAlternative(world().supplier, id, { note: 'Lieferbar ab Lager' });
    expect(kept.json().alternative).toMatchObject({ articleId: catalog.replacement.id, pricePerPiece: 39.9 });
    const cleared = await offerAlternative(world().supplier, id, { alternativeArticleId: null });
    expect(cleared.json().alternative).toBeNull();
    const again = await offerAlternative(world().supplier, id, {
      alternativeArticleId: catalog.replacement.id,
      alternativePricePerPiece: 39.9,
    });
    expect(again.json().alternative).toMatchObject({ pricePerPiece: 39.9 });

    expect((await api.upload(world().supplier, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER')).statusCode).toBe(
      201,
    );
    expect((await api.release(world().supplier, await api.values(id))).statusCode).toBe(200);
    const seen = await contactorLine(world().customer, id);
    expect(seen).toMatchObject({
      pricePerPiece: 42.5,
      alternative: { orderNumber: '3RT2016-1BB42', pricePerPiece: 39.9, totalPrice: 79.8 },
    });
    // The customer sees offered prices only: no price source, no purchase price of either article.
    expect(seen.priceSource).toBeUndefined();
    expect(JSON.stringify(seen)).not.toMatch(/purchase|basePrice/i);
    expect((await api.articles(world().otherSupplier, id)).statusCode).toBe(404);

    const revised = await api.revise(world().supplier, id);
    expect(revised.statusCode, revised.body).toBe(201);
    const copied = await contactorLine(world().supplier, revised.json().id);
    expect(copied.alternative).toMatchObject({ articleId: catalog.replacement.id, pricePerPiece: 39.9 });
  });

  it('the comparison shows each supplier’s alternative on its line and counts its price for the lowest', async () => {
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Alternative im Vergleich' });
    const withAlternative = await draftOf(world().supplier, enquiryId);
    await offerAlternative(world().supplier, withAlternative, {
      pricePerPiece: 45,
      alternativeArticleId: catalog.replacement.id,
      alternativePricePerPiece: 30,
    });
    const plain = await draftOf(world().otherSupplier, enquiryId);
    await offerAlternative(world().otherSupplier, plain, { pricePerPiece: 40 });
    for (const [session, offerId] of [
      [world().supplier, withAlternative],
      [world().otherSupplier, plain],
    ] as const) {
      expect((await api.upload(session, offerId, 'Angebot.pdf', SAMPLES.pdf, 'OFFER')).statusCode).toBe(201);
      const release = await api.release(session, await api.values(offerId, {}, session));
      expect(release.statusCode, release.body).toBe(200);
    }

    const comparison = await api.compare(world().customer, enquiryId);
    expect(comparison.statusCode, comparison.body).toBe(200);
    const body = comparison.json();
    const line = body.lines.find((entry: { bmk: string }) => entry.bmk === '-K1');
    const at = (offerId: string) => body.offers.findIndex((offer: { id: string }) => offer.id === offerId);
    expect(line.prices[at(withAlternative)]).toBe(45);
    expect(line.alternatives[at(withAlternative)]).toBe('Siemens AG 3RT2016-1BB42');
    expect(line.alternativePrices[at(withAlternative)]).toBe(30);
    expect(line.prices[at(plain)]).toBe(40);
    expect(line.alternatives[at(plain)]).toBeNull();
    expect(line.alternativePrices[at(plain)]).toBeNull();
    // 30 € for the alternative beats 40 € for the original.
    expect(line.lowest).toEqual([at(withAlternative)]);
  });
});
