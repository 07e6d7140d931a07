import { describe, expect, it } from 'vitest';
import { chatApi } from '../../test/chat-api';
import { createReleased, enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import { offerApi, releasedOffer } from '../../test/offer-world';

const world = useEnquiryWorld();
const chat = chatApi(() => world().ctx.app);
const enquiries = enquiryApi(world);
const offers = offerApi(world);
const MALFORMED = 'kein-gespraech';

async function releasedToSupplierOnly(title: string): Promise<string> {
  return createReleased(enquiries, world().customer, {
    title,
    recipients: { mode: 'CHOSEN', supplierIds: [world().ids.supplierId] },
  });
}

describe('POST /api/conversation/ (SPEC §4: suppliers start, customers use existing ones)', () => {
  it('401 signed out', async () => {
    expect((await chat.start(null, { enquiryId: MALFORMED })).statusCode).toBe(401);
  });

  it('400 without, or with both, an enquiry and an offer', async () => {
    expect((await chat.start(world().supplier, {})).statusCode).toBe(400);
    const both = await chat.start(world().supplier, { enquiryId: MALFORMED, offerId: MALFORMED });
    expect(both.statusCode).toBe(400);
  });

  it('403 for customers (with the German reason), the operator and externals', async () => {
    const enquiryId = await releasedToSupplierOnly('Start durch Kunden');
    const customer = await chat.start(world().customer, { enquiryId });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ code: 'CHAT_CUSTOMER_START' });
    expect(customer.json().message).toContain('Lieferant');
    expect((await chat.start(world().operator, { enquiryId })).statusCode).toBe(403);
    expect((await chat.start(world().external, { enquiryId })).statusCode).toBe(403);
  });

  it('404 for an enquiry not addressed to the supplier, a draft, and a malformed id', async () => {
    const enquiryId = await releasedToSupplierOnly('Nur für einen Lieferanten');
    expect((await chat.start(world().otherSupplier, { enquiryId })).statusCode).toBe(404);
    expect((await chat.start(world().supplier, { enquiryId: MALFORMED })).statusCode).toBe(404);
    const draft = await enquiries.create(world().customer, { title: 'Entwurf' });
    expect((await chat.start(world().supplier, { enquiryId: draft.json().id })).statusCode).toBe(404);
    const { rows } = await world().ctx.database.executeSql('select count(*)::int as n from conversations');
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('201 creates the conversation once; opening again answers 200 with the same one', async () => {
    const enquiryId = await releasedToSupplierOnly('Gespräch anlegen');
    const first = await chat.start(world().supplier, { enquiryId });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      enquiryId,
      offerId: null,
      title: 'Gespräch anlegen',
      supplierName: world().ids.supplierName,
      customerName: world().ids.customerName,
      companyName: world().ids.customerName,
      lastMessage: null,
      unread: 0,
    });
    const again = await chat.start(world().supplier, { enquiryId });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
  });

  it("the supplier's offer continues the enquiry's conversation (a draft too); another supplier's offer is 404", async () => {
    const enquiryId = await releasedToSupplierOnly('Gespräch am Angebot');
    const onEnquiry = (await chat.start(world().supplier, { enquiryId })).json();
    const created = await offers.create(world().supplier, enquiryId);
    const draftId = created.json().id as string;
    const onOffer = await chat.start(world().supplier, { offerId: draftId });
    expect(onOffer.statusCode).toBe(200);
    expect(onOffer.json()).toMatchObject({ id: onEnquiry.id, offerId: draftId });
    expect((await chat.start(world().otherSupplier, { offerId: draftId })).statusCode).toBe(404);
    // The customer does not see the draft: the conversation shows no offer to it yet.
    const customerView = await chat.list(world().customer, `?enquiryId=${enquiryId}`);
    expect(customerView.json().conversations).toMatchObject([{ id: onEnquiry.id, offerId: null }]);
  });
});

describe('GET /api/conversation/', () => {
  it('401 signed out, 403 for the operator and externals', async () => {
    expect((await chat.list(null)).statusCode).toBe(401);
    expect((await chat.list(world().operator)).statusCode).toBe(403);
    expect((await chat.list(world().external)).statusCode).toBe(403);
  });

  it("404 for another tenant's enquiry or offer and malformed ids", async () => {
    const enquiryId = await releasedToSupplierOnly('Fremde Anfrage');
    expect((await chat.list(world().otherCustomer, `?enquiryId=${enquiryId}`)).statusCode).toBe(404);
    expect((await chat.list(world().otherSupplier, `?enquiryId=${enquiryId}`)).statusCode).toBe(404);
    expect((await chat.list(world().customer, `?enquiryId=${MALFORMED}`)).statusCode).toBe(404);
    expect((await chat.list(world().customer, `?offerId=${MALFORMED}`)).statusCode).toBe(404);
  });

  it('only the two companies see a conversation: per enquiry, per offer and in the list of all', async () => {
    const enquiryId = await createReleased(enquiries, world().customer, { title: 'An alle' });
    const mine = (await chat.start(world().supplier, { enquiryId })).json();
    const theirs = (await chat.start(world().otherSupplier, { enquiryId })).json();
    const customer = await chat.list(world().customer, `?enquiryId=${enquiryId}`);
    expect(customer.statusCode).toBe(200);
    expect(
      customer
        .json()
        .conversations.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([mine.id, theirs.id].sort());
    const colleague = await chat.list(world().colleague, `?enquiryId=${enquiryId}`);
    expect(colleague.json().conversations).toHaveLength(2);
    const supplier = await chat.list(world().supplier, `?enquiryId=${enquiryId}`);
    expect(supplier.json().conversations.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    const all = await chat.list(world().otherSupplier);
    expect(all.json().conversations.map((c: { id: string }) => c.id)).not.toContain(mine.id);
    expect((await chat.list(world().otherCustomer)).json().conversations).toEqual([]);

    const offerId = await releasedOffer(offers, world().supplier, enquiryId);
    const byOffer = await chat.list(world().customer, `?offerId=${offerId}`);
    expect(byOffer.json().conversations.map((c: { id: string }) => c.id)).toEqual([mine.id]);
  });
});

describe('GET /api/conversation/message', () => {
  it("401, 400 for a malformed cursor, 404 for another tenant's or a malformed conversation, 200 to both sides", async () => {
    const enquiryId = await releasedToSupplierOnly('Nachrichten lesen');
    const conversation = (await chat.start(world().supplier, { enquiryId })).json();
    expect((await chat.messages(null, conversation.id)).statusCode).toBe(401);
    expect((await chat.messages(world().customer, conversation.id, '&before=gestern')).statusCode).toBe(400);
    for (const stranger of [world().otherCustomer, world().otherSupplier]) {
      expect((await chat.messages(stranger, conversation.id)).statusCode).toBe(404);
    }
    expect((await chat.messages(world().operator, conversation.id)).statusCode).toBe(403);
    expect((await chat.messages(world().customer, MALFORMED)).statusCode).toBe(404);
    const customer = await chat.messages(world().customer, conversation.id);
    expect(customer.statusCode).toBe(200);
    expect(customer.json()).toMatchObject({
      conversation: { id: conversation.id, companyName: world().ids.supplierName },
      messages: [],
      hasMore: false,
    });
  });

  it('pages back with `before`: the newest 100 first, oldest first within the page', async () => {
    const enquiryId = await releasedToSupplierOnly('Viele Nachrichten');
    const conversation = (await chat.start(world().supplier, { enquiryId })).json();
    await world().ctx.database.executeSql(
      `insert into conversation_messages (conversation_id, company_id, sender_name, company_name, content, created_at)
       select $1, $2, 'Lena Lieferant', 'Lieferant', 'Nachricht ' || i, now() - (i || ' minutes')::interval
       from generate_series(1, 105) i`,
      [conversation.id, world().ids.supplierId],
    );
    const first = (await chat.messages(world().customer, conversation.id)).json();
    expect(first.messages).toHaveLength(100);
    expect(first.hasMore).toBe(true);
    expect(first.messages.at(-1).content).toBe('Nachricht 1');
    expect(first.messages[0].content).toBe('Nachricht 100');
    const before = encodeURIComponent(first.messages[0].createDate);
    const older = (await chat.messages(world().customer, conversation.id, `&before=${before}`)).json();
    expect(older.messages.map((m: { content: string }) => m.content)).toEqual([
      'Nachricht 105',
      'Nachricht 104',
      'Nachricht 103',
      'Nachricht 102',
      'Nachricht 101',
    ]);
    expect(older.hasMore).toBe(false);
  });
});
