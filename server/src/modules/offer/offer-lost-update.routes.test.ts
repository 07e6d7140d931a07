import { beforeAll, describe, expect, it } from 'vitest';
import { useEnquiryWorld } from '../../test/enquiry-world';
import { createUser } from '../../test/factories';
import { expectChangedMeanwhile } from '../../test/lost-update';
import {
  createOfferCatalog,
  offerApi,
  offerValues,
  releasedEnquiryWithBom,
  SAMPLES,
} from '../../test/offer-world';
import { type Session, signIn } from '../../test/test-app';

const world = useEnquiryWorld();
const api = offerApi(world);
/** A second user of the supplier company: two people editing the same offer draft. */
let colleague: Session;

beforeAll(async () => {
  await createOfferCatalog(world());
  const user = await createUser(world().ctx.db, { companyId: world().ids.supplierId });
  colleague = await signIn(world().ctx.app, user.email);
});

async function draft(): Promise<{ id: string; lastUpdate: string }> {
  const created = (await api.create(world().supplier, await releasedEnquiryWithBom(world))).json();
  return { id: created.id, lastUpdate: created.lastUpdate };
}

describe('POST /api/offer/update: no lost update', () => {
  it('refuses the second of two saves from the same loaded state; the saved price stays', async () => {
    const { id, lastUpdate } = await draft();
    const first = await api.update(colleague, offerValues(id, { lastUpdate, price: 14_250.5 }));
    expect(first.statusCode, first.body).toBe(200);
    const second = await api.update(world().supplier, offerValues(id, { lastUpdate, price: null }));
    await expectChangedMeanwhile(world().ctx.db, second, colleague.userId);
    const kept = (await api.get(world().supplier, id)).json();
    expect(kept).toMatchObject({ price: 14_250.5, lastUpdate: first.json().lastUpdate });

    // Reloaded, the supplier saves its own input; saving twice in a row with the answers' lastUpdate works.
    const reloaded = first.json().lastUpdate;
    const fresh = await api.update(
      world().supplier,
      offerValues(id, { lastUpdate: reloaded, offerNumber: 'AN-7' }),
    );
    expect(fresh.json()).toMatchObject({ price: 14_250.5, offerNumber: 'AN-7' });
    const again = await api.update(
      world().supplier,
      offerValues(id, { lastUpdate: fresh.json().lastUpdate, offerNumber: 'AN-8' }),
    );
    expect(again.json().offerNumber).toBe('AN-8');
  });

  it('a release based on an older state is refused and releases nothing', async () => {
    const { id, lastUpdate } = await draft();
    expect((await api.upload(world().supplier, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER')).statusCode).toBe(
      201,
    );
    const saved = await api.update(colleague, offerValues(id, { lastUpdate, price: 9_990 }));
    expect(saved.statusCode).toBe(200);
    const release = await api.release(world().supplier, offerValues(id, { lastUpdate, price: 10_500 }));
    await expectChangedMeanwhile(world().ctx.db, release, colleague.userId);
    expect((await api.get(world().supplier, id)).json()).toMatchObject({ released: false, price: 9_990 });
    const released = await api.release(
      world().supplier,
      offerValues(id, { lastUpdate: saved.json().lastUpdate, price: 10_500 }),
    );
    expect(released.json()).toMatchObject({ released: true, price: 10_500 });
  });
});

describe('POST /api/offer/article/update: no lost update', () => {
  it('refuses the second of two saves of a line from the same loaded state; the first price stays', async () => {
    const { id } = await draft();
    const [line] = (await api.articles(world().supplier, id, '&column=bmk')).json().content;
    const edit = { offerId: id, lineId: line.id, lastUpdate: line.lastUpdate, quantity: line.quantity };

    const first = await api.updateArticle(colleague, { ...edit, pricePerPiece: 12.34 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().lastUpdate).not.toBe(line.lastUpdate);
    const second = await api.updateArticle(world().supplier, { ...edit, note: 'Lieferzeit prüfen' });
    await expectChangedMeanwhile(world().ctx.db, second, colleague.userId);
    const [kept] = (await api.articles(world().supplier, id, '&column=bmk')).json().content;
    expect(kept).toMatchObject({ id: line.id, pricePerPiece: 12.34, note: null });

    const reloaded = { ...edit, pricePerPiece: 12.34, lastUpdate: first.json().lastUpdate };
    const fresh = await api.updateArticle(world().supplier, { ...reloaded, note: 'Lieferzeit prüfen' });
    expect(fresh.json()).toMatchObject({ pricePerPiece: 12.34, note: 'Lieferzeit prüfen' });
    const again = await api.updateArticle(world().supplier, {
      ...reloaded,
      lastUpdate: fresh.json().lastUpdate,
    });
    expect(again.statusCode).toBe(200);
  });

  it('lines are checked one by one: two people pricing different lines both save', async () => {
    const { id } = await draft();
    const [a, b] = (await api.articles(world().supplier, id, '&column=bmk')).json().content;
    const priceA = await api.updateArticle(colleague, {
      offerId: id,
      lineId: a.id,
      lastUpdate: a.lastUpdate,
      quantity: a.quantity,
      pricePerPiece: 1,
    });
    const priceB = await api.updateArticle(world().supplier, {
      offerId: id,
      lineId: b.id,
      lastUpdate: b.lastUpdate,
      quantity: b.quantity,
      pricePerPiece: 2,
    });
    expect([priceA.statusCode, priceB.statusCode]).toEqual([200, 200]);
  });
});
