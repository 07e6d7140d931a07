import { describe, expect, it } from 'vitest';
import { chatApi } from '../../test/chat-api';
import { createReleased, enquiryApi, SAMPLES, useEnquiryWorld } from '../../test/enquiry-world';
import { offerApi, releasedOffer } from '../../test/offer-world';
import { as, type Session } from '../../test/test-app';
import { notifyCompanies } from './notify';

const world = useEnquiryWorld();
const enquiries = enquiryApi(world);
const offers = offerApi(world);
const chat = chatApi(() => world().ctx.app);

const get = (session: Session | null, url: string) => as(world().ctx.app, session, { method: 'GET', url });
const post = (session: Session | null, url: string, payload?: object) =>
  as(world().ctx.app, session, { method: 'POST', url, ...(payload ? { payload } : {}) });

async function texts(session: Session): Promise<string[]> {
  const page = await get(session, '/api/notification/?paginationSize=100');
  return page.json().content.map((n: { text: string }) => n.text);
}

async function unread(session: Session): Promise<number> {
  return (await get(session, '/api/notification/unread')).json().count;
}

async function readEverything(): Promise<void> {
  for (const session of [world().customer, world().colleague, world().supplier, world().otherSupplier]) {
    await post(session, '/api/notification/read/all');
  }
}

describe('every notification call: 401 signed out, 403 for the operator and externals (SPEC §6)', () => {
  it.each([
    ['GET', '/api/notification/'],
    ['GET', '/api/notification/unread'],
    ['POST', '/api/notification/read/all'],
    ['GET', '/api/notification/settings'],
  ] as const)('%s %s', async (method, url) => {
    const call = (session: Session | null) => as(world().ctx.app, session, { method, url });
    expect((await call(null)).statusCode).toBe(401);
    expect((await call(world().operator)).statusCode).toBe(403);
    expect((await call(world().external)).statusCode).toBe(403);
    expect((await call(world().customer)).statusCode).toBe(200);
  });

  it('400 for bad input', async () => {
    expect((await get(world().customer, '/api/notification/?paginationSize=0')).statusCode).toBe(400);
    expect((await post(world().customer, '/api/notification/read', { ids: [] })).statusCode).toBe(400);
    expect((await post(world().customer, '/api/notification/settings', { digest: 'ja' })).statusCode).toBe(
      400,
    );
  });
});

describe('notifications come with their event', () => {
  it('an enquiry released to one supplier tells that supplier only; to all: every active supplier', async () => {
    await readEverything();
    await createReleased(enquiries, world().customer, {
      title: 'Steuerung Halle 3',
      recipients: { mode: 'CHOSEN', supplierIds: [world().ids.supplierId] },
    });
    expect(await texts(world().supplier)).toContain(
      `Neue Anfrage „Steuerung Halle 3“ von ${world().ids.customerName}`,
    );
    expect(await unread(world().otherSupplier)).toBe(0);
    expect(await unread(world().customer)).toBe(0);
    const enquiryId = await createReleased(enquiries, world().customer, { title: 'Verteiler Süd' });
    expect(await unread(world().otherSupplier)).toBe(1);
    const [item] = (await get(world().otherSupplier, '/api/notification/?unreadOnly=true')).json().content;
    expect(item).toMatchObject({
      entity: 'ENQUIRY',
      action: 'create',
      level: 'info',
      link: `/enquiry/${enquiryId}`,
      read: false,
    });
    const { rows } = await world().ctx.database.executeSql(
      `select count(*)::int as n from notifications n join users u on u.id = n.user_id
       where u.company_id = $1`,
      [world().ids.inactiveSupplierId],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('offer released, accepted and revised: the other side is told, with the link to its list', async () => {
    const enquiryId = await createReleased(enquiries, world().customer, { title: 'Pumpensteuerung' });
    await readEverything();
    const offerId = await releasedOffer(offers, world().supplier, enquiryId);
    const customerTexts = await texts(world().customer);
    expect(customerTexts[0]).toBe(
      `${world().ids.supplierName} hat das Angebot AN-2026-0815 (Version 1) zu „Pumpensteuerung“ freigegeben`,
    );
    expect(await unread(world().colleague)).toBe(1);
    expect(await unread(world().supplier)).toBe(0);

    const revised = await offers.revise(world().supplier, offerId);
    expect(revised.statusCode).toBe(201);
    expect((await texts(world().customer))[0]).toContain('überarbeitet das Angebot AN-2026-0815');

    const other = await releasedOffer(offers, world().otherSupplier, enquiryId);
    expect(
      (await offers.upload(world().customer, other, 'Bestellung.pdf', SAMPLES.pdf, 'ORDER')).statusCode,
    ).toBe(201);
    const accepted = await offers.stateChange(world().customer, other, 'ACCEPTED');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [told] = (await get(world().otherSupplier, '/api/notification/?paginationSize=1')).json().content;
    expect(told).toMatchObject({ entity: 'OFFER', level: 'success', link: `/order/${other}` });
    expect(told.text).toBe(
      `${world().ids.customerName} hat das Angebot AN-2026-0815 zu „Pumpensteuerung“ angenommen`,
    );
  });

  it('a message tells the other company, once while unread', async () => {
    const enquiryId = await createReleased(enquiries, world().customer, {
      title: 'Chat-Hinweis',
      recipients: { mode: 'CHOSEN', supplierIds: [world().ids.supplierId] },
    });
    await readEverything();
    const conversation = (await chat.start(world().supplier, { enquiryId })).json();
    await chat.send(world().supplier, conversation.id, 'Erste Frage');
    await chat.send(world().supplier, conversation.id, 'Zweite Frage');
    expect(await unread(world().customer)).toBe(1);
    expect(await unread(world().supplier)).toBe(0);
    const [item] = (await get(world().customer, '/api/notification/?paginationSize=1')).json().content;
    expect(item).toMatchObject({ entity: 'MESSAGE', link: `/enquiry/${enquiryId}?chat=${conversation.id}` });
    expect(item.text).toContain('Neue Nachricht von');
    await post(world().customer, '/api/notification/read', { ids: [item.id] });
    await chat.send(world().supplier, conversation.id, 'Dritte Frage');
    expect(await unread(world().customer)).toBe(1);
    // Opening the chat reads its notification too (for the reader; the colleague's stays).
    expect(await unread(world().colleague)).toBe(1);
    await chat.readAll(world().customer, conversation.id);
    expect(await unread(world().customer)).toBe(0);
    expect(await unread(world().colleague)).toBe(1);
  });

  it('rolled back with the event: nothing is kept, nothing is announced', async () => {
    const before = await world().ctx.database.executeSql(
      'select (select count(*) from notifications)::int as n, (select count(*) from live_events)::int as e',
    );
    await expect(
      world().ctx.db.transaction(async (tx) => {
        await notifyCompanies(tx, {
          companyIds: [world().ids.customerId],
          entity: 'OFFER',
          action: 'update',
          text: 'Wird zurückgerollt',
          list: { entity: 'offer', id: world().ids.customerId },
        });
        throw new Error('Änderung gescheitert');
      }),
    ).rejects.toThrow('Änderung gescheitert');
    const after = await world().ctx.database.executeSql(
      'select (select count(*) from notifications)::int as n, (select count(*) from live_events)::int as e',
    );
    expect(after.rows).toEqual(before.rows);
    expect(await texts(world().customer)).not.toContain('Wird zurückgerollt');
  });
});

describe('reading and the settings', () => {
  it("marks only the asker's own; paging; read/all; the digest switch", async () => {
    await createReleased(enquiries, world().customer, { title: 'Lesen 1' });
    await createReleased(enquiries, world().customer, { title: 'Lesen 2' });
    const theirs = (await get(world().otherSupplier, '/api/notification/?unreadOnly=true')).json().content;
    const own = (await get(world().supplier, '/api/notification/?unreadOnly=true')).json().content;
    const mixed = await post(world().supplier, '/api/notification/read', {
      ids: [own[0].id, theirs[0].id, 'keine-id'],
    });
    expect(mixed.json()).toEqual({ marked: 1 });
    expect((await get(world().otherSupplier, '/api/notification/unread')).json().count).toBe(theirs.length);

    const page = (await get(world().supplier, '/api/notification/?page=0&paginationSize=1')).json();
    expect(page.content).toHaveLength(1);
    expect(page.totalElements).toBeGreaterThan(1);
    expect(page.unread).toBe(own.length - 1);
    expect((await post(world().supplier, '/api/notification/read/all')).json()).toEqual({
      marked: own.length - 1,
    });
    expect((await get(world().supplier, '/api/notification/unread')).json()).toEqual({ count: 0 });

    expect((await get(world().supplier, '/api/notification/settings')).json()).toEqual({ digest: true });
    expect((await post(world().supplier, '/api/notification/settings', { digest: false })).json()).toEqual({
      digest: false,
    });
    expect((await get(world().supplier, '/api/notification/settings')).json()).toEqual({ digest: false });
    expect((await get(world().otherSupplier, '/api/notification/settings')).json()).toEqual({ digest: true });
  });
});
