import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  completeBody,
  createDraft,
  createReleased,
  dayFromToday,
  enquiryApi,
  useEnquiryWorld,
} from '../../test/enquiry-world';
import { expectChangedMeanwhile } from '../../test/lost-update';

const world = useEnquiryWorld();
const api = enquiryApi(world);

describe('POST /api/enquiry/', () => {
  it('401 signed out; 403 for suppliers, the operator and externals', async () => {
    expect((await api.create(null)).statusCode).toBe(401);
    for (const session of [world().supplier, world().operator, world().external]) {
      const response = await api.create(session);
      expect(response.statusCode).toBe(403);
    }
  });

  it('400 names the fields: no title, amount below 1, a desired delivery date not in the future', async () => {
    const noTitle = await api.create(world().customer, { ...completeBody(), title: '  ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().issues).toContainEqual({
      path: 'body.title',
      message: 'Titel ist ein Pflichtfeld.',
    });
    const amount = await api.create(world().customer, { ...completeBody(), amount: 0 });
    expect(amount.json().issues).toContainEqual({
      path: 'body.amount',
      message: 'Bitte geben Sie eine ganze Zahl ab 1 ein.',
    });
    for (const desiredDeliveryDate of [dayFromToday(0), dayFromToday(-3)]) {
      const past = await api.create(world().customer, { ...completeBody(), desiredDeliveryDate });
      expect(past.statusCode).toBe(400);
      expect(past.json().issues).toEqual([
        { path: 'body.desiredDeliveryDate', message: 'Der Wunschliefertermin muss in der Zukunft liegen.' },
      ]);
    }
  });

  it('201: a draft of the company with the SPEC defaults; disabled options are not kept as chosen', async () => {
    const response = await api.create(world().customer, {
      title: 'Nur ein Titel',
      technicalSpec: {
        screwConnections: 'PLASTIC',
        screwConnectionManufacturer1: 'ICOTEK',
        deviceIdentification: 'SINGLE',
        mountingPlateLabel: 'PLASTIC',
        regulation: 'INDIVIDUAL',
        regulationIndividual: 'Werksnorm WN 12',
      },
    });
    expect(response.statusCode).toBe(201);
    const enquiry = response.json();
    expect(enquiry).toMatchObject({
      title: 'Nur ein Titel',
      customerId: world().ids.customerId,
      customerName: world().ids.customerName,
      amount: 1,
      referenceNumber: null,
      released: false,
      releaseDate: null,
      closed: false,
      archived: false,
      files: [],
      recipients: { mode: 'ALL', suppliers: [] },
    });
    expect(enquiry.technicalSpec).toMatchObject({
      screwConnections: 'PLASTIC',
      screwConnectionManufacturer1: 'STANDARD',
      mountingPlateLabel: 'YELLOW_TAPE',
      regulation: 'INDIVIDUAL',
      regulationIndividual: 'Werksnorm WN 12',
      packaging: 'EURO_BOX',
      cabinetLabelLanguage: 'BILINGUAL',
    });
    const fields = enquiry.changeEntries.map((entry: { field: string }) => entry.field);
    expect(fields).toContain('title');
    expect(fields).toContain('technicalSpec.regulation');
  });
});

describe('GET /api/enquiry/?id=', () => {
  it('401 signed out; 404 for a malformed or unknown id', async () => {
    const id = await createDraft(api, world().customer);
    expect((await api.get(null, id)).statusCode).toBe(401);
    for (const other of ['abc', randomUUID()]) {
      const response = await api.get(world().customer, other);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('the whole customer company reads its drafts; another customer, suppliers, the operator and externals get 404', async () => {
    const id = await createDraft(api, world().customer);
    expect((await api.get(world().customer, id)).statusCode).toBe(200);
    expect((await api.get(world().colleague, id)).json().id).toBe(id);
    for (const session of [
      world().otherCustomer,
      world().supplier,
      world().otherSupplier,
      world().operator,
      world().external,
    ]) {
      expect((await api.get(session, id)).statusCode).toBe(404);
    }
  });

  it('a released enquiry: addressed suppliers read it without recipients and history; others get 404', async () => {
    const id = await createReleased(api, world().customer, {
      recipients: { mode: 'CHOSEN', supplierIds: [world().ids.supplierId] },
    });
    const read = await api.get(world().supplier, id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id,
      customerName: world().ids.customerName,
      recipients: null,
      changeEntries: [],
    });
    expect(read.json().files).toHaveLength(2);
    expect((await api.get(world().otherSupplier, id)).statusCode).toBe(404);
    expect((await api.get(world().operator, id)).statusCode).toBe(404);
    expect((await api.get(world().otherCustomer, id)).statusCode).toBe(404);
  });
});

describe('POST /api/enquiry/update', () => {
  it('401 signed out; 404 for another tenant; 400 for a bad body', async () => {
    const id = await createDraft(api, world().customer);
    const { lastUpdate } = (await api.get(world().customer, id)).json();
    expect((await api.update(null, { ...completeBody(), id, lastUpdate })).statusCode).toBe(401);
    for (const session of [world().otherCustomer, world().supplier]) {
      expect((await api.update(session, { ...completeBody(), id, lastUpdate })).statusCode).toBe(404);
    }
    const bad = await api.update(world().customer, {
      ...completeBody(),
      id,
      lastUpdate,
      deliveryCondition: 'EXP',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('body.deliveryCondition');
    const withoutLastUpdate = await api.update(world().customer, { ...completeBody(), id });
    expect(withoutLastUpdate.statusCode).toBe(400);
    expect(withoutLastUpdate.json().issues[0].path).toBe('body.lastUpdate');
  });

  it('no lost update: the second of two saves from the same loaded state is refused, the first kept', async () => {
    const id = await createDraft(api, world().customer);
    const loaded = (await api.get(world().customer, id)).json();
    const form = { ...completeBody(), id, lastUpdate: loaded.lastUpdate };

    const first = await api.update(world().colleague, { ...form, price: 9800 });
    expect(first.statusCode).toBe(200);
    const second = await api.update(world().customer, { ...form, title: 'Schaltschrank Linie 4b' });
    await expectChangedMeanwhile(world().ctx.db, second, world().colleague.userId);
    const kept = (await api.get(world().customer, id)).json();
    expect(kept).toMatchObject({ title: loaded.title, price: 9800, lastUpdate: first.json().lastUpdate });

    // Reloaded: the customer's input goes onto the colleague's state; saving twice in a row works.
    const reloaded = { ...form, price: 9800, lastUpdate: first.json().lastUpdate };
    const fresh = await api.update(world().customer, { ...reloaded, title: 'Schaltschrank Linie 4b' });
    expect(fresh.json()).toMatchObject({ title: 'Schaltschrank Linie 4b', price: 9800 });
    const again = await api.update(world().customer, { ...reloaded, lastUpdate: fresh.json().lastUpdate });
    expect(again.statusCode).toBe(200);
  });

  it('200 saves a draft of a colleague, records old and new values; an unchanged past date still saves', async () => {
    const id = await createDraft(api, world().customer);
    const response = await api.update(world().colleague, {
      ...completeBody('Schaltschrank Linie 5'),
      id,
      lastUpdate: (await api.get(world().colleague, id)).json().lastUpdate,
      price: 12500.5,
      technicalSpec: { packaging: 'NONE', packagingWrap: 'INDIVIDUAL', packagingWrapIndividual: 'x' },
    });
    expect(response.statusCode).toBe(200);
    const enquiry = response.json();
    expect(enquiry).toMatchObject({ title: 'Schaltschrank Linie 5', price: 12500.5 });
    expect(enquiry.technicalSpec).toMatchObject({ packaging: 'NONE', packagingWrap: 'STRETCH_FOIL' });
    expect(enquiry.technicalSpec.packagingWrapIndividual).toBeNull();
    expect(enquiry.changeEntries).toContainEqual(
      expect.objectContaining({
        field: 'title',
        oldValue: 'Schaltschrank Linie 4',
        newValue: 'Schaltschrank Linie 5',
      }),
    );
    expect(enquiry.changeEntries).toContainEqual(
      expect.objectContaining({ field: 'technicalSpec.packaging', oldValue: 'EURO_BOX', newValue: 'NONE' }),
    );
  });

  it('409 once released, for every user of the company, and nothing changes', async () => {
    const id = await createReleased(api, world().customer);
    const { lastUpdate } = (await api.get(world().customer, id)).json();
    const response = await api.update(world().colleague, { ...completeBody('Geändert'), id, lastUpdate });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ENQUIRY_RELEASED',
      message: 'Die Anfrage ist freigegeben und kann nicht mehr geändert werden.',
    });
    expect((await api.get(world().customer, id)).json().title).toBe('Schaltschrank Linie 4');
    // A supplier that may read it may still not change it.
    expect((await api.update(world().supplier, { ...completeBody(), id, lastUpdate })).statusCode).toBe(403);
  });
});
