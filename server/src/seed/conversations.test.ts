import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type Session, signIn, type TestContext } from '../test/test-app';
import { DEMO_CONVERSATION_ID, ensureDemoChat } from './conversations';
import { DEMO_PASSWORD, seedDemoData } from './demo';
import { ensureDemoEnquiryFiles } from './enquiries';
import { ensureDemoOffers, OFFER } from './offers';

/** The demo chat on the order VM-4, as the customer and the supplier see it. */
let ctx: TestContext;
let customer: Session;
let supplier: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.db);
  await ensureDemoEnquiryFiles(ctx.db, ctx.files);
  await ensureDemoOffers(ctx.db, ctx.files);
  await ensureDemoChat(ctx.db);
  // A second start changes nothing.
  await ensureDemoChat(ctx.db);
  customer = await signIn(ctx.app, 'kunde@demo.local', DEMO_PASSWORD);
  supplier = await signIn(ctx.app, 'lieferant@demo.local', DEMO_PASSWORD);
}, 120_000);
afterAll(async () => ctx?.close());

describe('the demo chat', () => {
  it("is the order's chat for both sides, with the supplier's last message unread by the customer", async () => {
    const ofOrder = await as(ctx.app, customer, {
      method: 'GET',
      url: `/api/conversation/?offerId=${OFFER.accepted}`,
    });
    expect(ofOrder.json().conversations).toEqual([
      expect.objectContaining({
        id: DEMO_CONVERSATION_ID,
        offerId: OFFER.accepted,
        title: 'Steuerschrank Verpackungsmaschine VM-4',
        unread: 1,
      }),
    ]);
    const view = await as(ctx.app, supplier, {
      method: 'GET',
      url: `/api/conversation/message?conversationId=${DEMO_CONVERSATION_ID}`,
    });
    expect(
      view.json().messages.map((m: { userFullName: string; own: boolean }) => [m.userFullName, m.own]),
    ).toEqual([
      ['Lars Lieferant', true],
      ['Klara Kunde', false],
      ['Lars Lieferant', true],
    ]);
    expect(view.json().conversation.lastMessage.readDate).toBeNull();
  });

  it("the customer's bell shows the message; the supplier's is read", async () => {
    const bell = await as(ctx.app, customer, { method: 'GET', url: '/api/notification/?paginationSize=5' });
    expect(bell.json().unread).toBe(1);
    expect(bell.json().content[0]).toMatchObject({
      entity: 'MESSAGE',
      link: expect.stringContaining('?chat='),
    });
    const supplierBell = await as(ctx.app, supplier, { method: 'GET', url: '/api/notification/unread' });
    expect(supplierBell.json()).toEqual({ count: 0 });
    const { rows } = await ctx.database.executeSql('select count(*)::int as n from conversations');
    expect(rows[0]).toEqual({ n: 1 });
  });
});
