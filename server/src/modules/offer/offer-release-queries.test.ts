import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createEnquiryWorld, type EnquiryWorld, SAMPLES } from '../../test/enquiry-world';
import { createOfferCatalog, offerApi, releasedEnquiryWithBom } from '../../test/offer-world';
import { type QueryLog, withQueryLog } from '../../test/query-log';
import { createTestDatabase } from '../../test/test-db';

/**
 * ARCHITECTURE §1: a business step loads its record once. The release of an offer reads the offer row once,
 * locked, and answers from what it wrote; mail, notification and history are written in the same transaction.
 */

let database: Database;
let log: QueryLog;
let world: EnquiryWorld;
const api = offerApi(() => world);

beforeAll(async () => {
  database = await createTestDatabase();
  const logged = withQueryLog(database);
  log = logged.log;
  world = await createEnquiryWorld({ sharedDatabase: logged.database });
  await createOfferCatalog(world);
});

afterAll(async () => {
  await world?.ctx.close();
  await database?.close();
});

/**
 * Statements that load the offer record itself: a select whose first table is "offers", picked by its id
 * (not the article queries that look up the offer's current line generation in a subquery).
 */
const loadsOffer = (query: string) =>
  /^select\s(?:(?!\sfrom\s)[\s\S])*\sfrom "offers"[\s\S]*where "offers"\."id" = \$\d+/i.test(query);

describe('POST /api/offer/release, counted', () => {
  it('reads the offer row once, locked, and writes mail, notification and history in its transaction', async () => {
    const enquiryId = await releasedEnquiryWithBom(() => world);
    const created = await api.create(world.supplier, enquiryId);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await api.upload(world.supplier, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER')).statusCode).toBe(201);
    const values = await api.values(id);

    log.clear();
    const released = await api.release(world.supplier, values);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ id, released: true, state: 'OPEN' });

    const offerReads = log.queries.filter(loadsOffer);
    expect(offerReads).toHaveLength(1);
    expect(offerReads[0]).toMatch(/for update of "offers"/i);
    // The side effects are rows of the same transaction: the mail job, the notification, the history.
    const transaction = log.queries.slice(log.queries.indexOf(offerReads[0]!));
    expect(transaction.some((query) => /insert into pgboss\.job/i.test(query))).toBe(true);
    expect(transaction.some((query) => /insert into notifications/i.test(query))).toBe(true);
    expect(transaction.some((query) => /^insert into "change_entries"/i.test(query))).toBe(true);
  });
});
