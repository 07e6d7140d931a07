import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type Session, signIn, type TestContext } from '../test/test-app';
import { DEMO_PASSWORD, seedDemoData } from './demo';
import { ENQUIRY, ensureDemoEnquiryFiles, SECOND_SUPPLIER } from './enquiries';
import { ensureDemoBoms } from './enquiry-boms';
import { DEMO_OFFER_FILES } from './offer-files';
import { ensureDemoOffers, OFFER } from './offers';

let ctx: TestContext;
const sessions: Record<string, Session> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.db);
  await ensureDemoEnquiryFiles(ctx.db, ctx.files);
  await ensureDemoBoms(ctx.db, ctx.files);
  await ensureDemoOffers(ctx.db, ctx.files);
  for (const [role, email] of Object.entries({
    kunde: 'kunde@demo.local',
    lieferant: 'lieferant@demo.local',
    lieferant2: SECOND_SUPPLIER.email,
  })) {
    sessions[role] = await signIn(ctx.app, email, DEMO_PASSWORD);
  }
}, 120_000);
afterAll(async () => ctx?.close());

const get = async (session: Session, url: string) => {
  const response = await as(ctx.app, session, { method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response;
};

/** The list as "offer number: state (version)", in reference number order. */
const list = async (session: Session, states: string) =>
  (await get(session, `/api/offer/filter?states=${states}&column=referenceNumber&sortDescending=false`))
    .json()
    .content.map(
      (item: { offerNumber: string; state: string; version: number; released: boolean }) =>
        `${item.offerNumber}: ${item.state}${item.released ? '' : ' (Entwurf)'} v${item.version}`,
    );

describe('demo offers', () => {
  it('the demo supplier has offers in every state, the revised one in its version 2', async () => {
    expect(await list(sessions.lieferant!, 'OPEN,DECLINED')).toEqual([
      'AN-2026-0412-2: OPEN v2',
      'AN-2026-0398: DECLINED v1',
      'AN-2026-0431: OPEN (Entwurf) v1',
    ]);
    expect(await list(sessions.lieferant!, 'ACCEPTED')).toEqual(['AN-2026-0371: ACCEPTED v1']);
    expect(await list(sessions.lieferant!, 'CONFIRMED')).toEqual(['AN-2025-0933: CONFIRMED v1']);
    expect(await list(sessions.lieferant2!, 'OPEN,DECLINED,ACCEPTED,CONFIRMED')).toEqual([
      'EN-26-1187: OPEN v1',
    ]);
  });

  it('the customer sees the released offers of both suppliers, never the draft', async () => {
    expect(await list(sessions.kunde!, 'OPEN,DECLINED')).toEqual(
      expect.arrayContaining(['AN-2026-0412-2: OPEN v2', 'EN-26-1187: OPEN v1', 'AN-2026-0398: DECLINED v1']),
    );
    expect(await list(sessions.kunde!, 'OPEN,DECLINED')).toHaveLength(3);
    expect(await list(sessions.kunde!, 'ACCEPTED')).toEqual(['AN-2026-0371: ACCEPTED v1']);
    expect(await list(sessions.kunde!, 'CONFIRMED')).toEqual(['AN-2025-0933: CONFIRMED v1']);
  });

  it('the comparison on PS-12 shows two offers with differing prices, dates and line prices', async () => {
    const comparison = (await get(sessions.kunde!, `/api/offer/compare?enquiryId=${ENQUIRY.toAll}`)).json();
    expect(comparison.offers).toHaveLength(2);
    const [a, b] = comparison.offers;
    expect(a.price).not.toBe(b.price);
    expect(a.desiredDeliveryDate).not.toBe(b.desiredDeliveryDate);
    expect(comparison.offers.filter((offer: { lowestPrice: boolean }) => offer.lowestPrice)).toHaveLength(1);
    expect(comparison.offers.every((offer: { acceptable: boolean }) => offer.acceptable)).toBe(true);
    expect(comparison.lines.length).toBeGreaterThan(5);
    const priced = comparison.lines.filter((line: { prices: (number | null)[] }) =>
      line.prices.every((price) => price !== null),
    );
    expect(priced.length).toBeGreaterThan(0);
    expect(comparison.lines.some((line: { lowest: number[] }) => line.lowest.length > 0)).toBe(true);
  });

  it('the revised offer lists version 1 (declined, invalidated) and version 2 with its changes', async () => {
    const { versions } = (
      await get(sessions.lieferant!, `/api/offer/revision?offerId=${OFFER.revisedV2}`)
    ).json();
    expect(
      versions.map((v: { version: number; state: string; invalidated: boolean }) => [
        v.version,
        v.state,
        v.invalidated,
      ]),
    ).toEqual([
      [1, 'DECLINED', true],
      [2, 'OPEN', false],
    ]);
    expect(versions[1].changes.length).toBeGreaterThan(0);
  });

  it('the documents are real PDFs, the order uploaded by the customer', async () => {
    for (const offerId of [OFFER.accepted, OFFER.confirmed]) {
      const offer = (await get(sessions.kunde!, `/api/offer/?id=${offerId}`)).json();
      const types = offer.files.map((file: { fileType: string }) => file.fileType).sort();
      expect(types).toEqual(
        offerId === OFFER.accepted ? ['OFFER', 'ORDER'] : ['OFFER', 'ORDER', 'ORDER_CONFIRMATION'],
      );
      for (const file of offer.files as { id: string; size: number }[]) {
        const response = await get(sessions.kunde!, `/api/offer/${offerId}/file/${file.id}`);
        expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        expect(response.rawPayload.length).toBe(file.size);
      }
    }
    expect(
      DEMO_OFFER_FILES.filter((file) => file.fileType === 'ORDER').every((file) => file.byCustomer),
    ).toBe(true);
  });

  it('the enquiry of the accepted order is closed; the declined offer carries its reason', async () => {
    const accepted = (await get(sessions.kunde!, `/api/offer/?id=${OFFER.accepted}`)).json();
    const enquiry = (await get(sessions.kunde!, `/api/enquiry/?id=${accepted.enquiryId}`)).json();
    expect(enquiry.closed).toBe(true);
    const declined = (await get(sessions.lieferant!, `/api/offer/?id=${OFFER.declined}`)).json();
    expect(declined.rejectionReason).toBe('INDIVIDUAL');
    expect(declined.rejectionReasonIndividual).toMatch(/Inbetriebnahme/);
  });

  it('seeds once; missing file contents are written again', async () => {
    await ensureDemoOffers(ctx.db, ctx.files);
    expect(await list(sessions.lieferant!, 'ACCEPTED')).toHaveLength(1);
    const file = DEMO_OFFER_FILES[0]!;
    const key = `offer/${file.offerId}/${file.id}`;
    expect(await ctx.files.remove(key)).toBe(true);
    await ensureDemoOffers(ctx.db, ctx.files);
    expect(await ctx.files.stat(key)).not.toBeNull();
  });
});
