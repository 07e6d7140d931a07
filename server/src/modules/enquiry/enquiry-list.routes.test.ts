import { beforeAll, describe, expect, it } from 'vitest';
import {
  completeBody,
  createDraft,
  createReleased,
  enquiryApi,
  useEnquiryWorld,
} from '../../test/enquiry-world';
import { as } from '../../test/test-app';

const world = useEnquiryWorld();
const api = enquiryApi(world);

interface Item {
  id: string;
  title: string;
  customerName: string;
  released: boolean;
  archived: boolean;
}

const titles = (response: { json(): { content: Item[] } }) =>
  response.json().content.map((item) => item.title);

/** The customer's enquiries of this file, created one after the other (createDate ascending). */
const ids: Record<string, string> = {};

beforeAll(async () => {
  ids.alpha = await createDraft(api, world().customer, completeBody('Alpha Schaltschrank Müller'));
  ids.beta = await createReleased(api, world().customer, { title: 'Beta Verteilung' });
  ids.gamma = await createReleased(api, world().colleague, {
    title: 'Gamma Steuerung',
    recipients: { mode: 'CHOSEN', supplierIds: [world().ids.otherSupplierId] },
  });
  ids.delta = await createDraft(api, world().colleague, completeBody('Delta Pumpenstation'));
  ids.archived = await createReleased(api, world().customer, { title: 'Epsilon archiviert' });
  const archive = await as(world().ctx.app, world().customer, {
    method: 'POST',
    url: '/api/enquiry/archive',
    payload: { enquiryIds: [ids.archived] },
  });
  expect(archive.json()).toEqual({ archived: [ids.archived], failed: [] });
  ids.foreign = await createReleased(api, world().otherCustomer, { title: 'Fremde Anfrage' });
});

describe('GET /api/enquiry/filter for customers', () => {
  it('401 signed out; 400 for an unknown sort column or page size', async () => {
    expect((await api.list(null)).statusCode).toBe(401);
    expect((await api.list(world().customer, '?column=customerName')).statusCode).toBe(400);
    expect((await api.list(world().customer, '?paginationSize=0')).statusCode).toBe(400);
  });

  it('every user of the company sees its enquiries, drafts included, newest first; archived ones hidden', async () => {
    for (const session of [world().customer, world().colleague]) {
      const response = await api.list(session);
      expect(response.statusCode).toBe(200);
      expect(titles(response)).toEqual([
        'Delta Pumpenstation',
        'Gamma Steuerung',
        'Beta Verteilung',
        'Alpha Schaltschrank Müller',
      ]);
      expect(response.json().totalElements).toBe(4);
    }
  });

  it('the archived switch adds the archived ones', async () => {
    const response = await api.list(world().customer, '?archived=true');
    expect(titles(response)[0]).toBe('Epsilon archiviert');
    expect(response.json().content[0]).toMatchObject({ archived: true, released: true });
    expect(response.json().totalElements).toBe(5);
  });

  it('sorts by title and by release date in both directions', async () => {
    expect(titles(await api.list(world().customer, '?column=title&sortDescending=false'))).toEqual([
      'Alpha Schaltschrank Müller',
      'Beta Verteilung',
      'Delta Pumpenstation',
      'Gamma Steuerung',
    ]);
    const byRelease = titles(await api.list(world().customer, '?column=releaseDate&sortDescending=false'));
    expect(byRelease.slice(0, 2)).toEqual(['Beta Verteilung', 'Gamma Steuerung']);
    const descending = titles(await api.list(world().customer, '?column=title&sortDescending=true'));
    expect(descending[0]).toBe('Gamma Steuerung');
  });

  it('searches the title case-insensitively, umlauts as typed without them; pages', async () => {
    expect(titles(await api.list(world().customer, '?title=schaltschrank%20mueller'))).toEqual([
      'Alpha Schaltschrank Müller',
    ]);
    expect(titles(await api.list(world().customer, '?title=STEUER'))).toEqual(['Gamma Steuerung']);
    const page = await api.list(world().customer, '?paginationSize=3&page=1');
    expect(titles(page)).toEqual(['Alpha Schaltschrank Müller']);
    expect(page.json().totalElements).toBe(4);
  });

  it('shows no other company enquiries', async () => {
    const response = await api.list(world().otherCustomer, '?archived=true');
    expect(titles(response)).toEqual(['Fremde Anfrage']);
  });
});

describe('GET /api/enquiry/filter for suppliers and others', () => {
  it('a supplier sees the released, not archived enquiries addressed to it, with the customer name', async () => {
    const response = await api.list(world().supplier, '?column=title&sortDescending=false');
    expect(titles(response)).toEqual(['Beta Verteilung', 'Fremde Anfrage']);
    expect(response.json().content[0].customerName).toBe(world().ids.customerName);
    expect(response.json().totalElements).toBe(2);
    // The archive switch does not show suppliers archived enquiries.
    expect(titles(await api.list(world().supplier, '?archived=true'))).toHaveLength(2);
  });

  it('the chosen supplier also sees the enquiry sent to it only', async () => {
    const response = await api.list(world().otherSupplier, '?column=title&sortDescending=false');
    expect(titles(response)).toEqual(['Beta Verteilung', 'Fremde Anfrage', 'Gamma Steuerung']);
  });

  it('the operator and externals get an empty list', async () => {
    for (const session of [world().operator, world().external]) {
      const response = await api.list(session);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ content: [], totalElements: 0 });
    }
  });
});
