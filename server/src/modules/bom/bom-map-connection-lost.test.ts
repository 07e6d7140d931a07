import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bomLines, enquiryBoms } from '../../db/schema';
import { multipartForm } from '../../files/testing/multipart-form';
import { createDraft, enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import { as, type Session } from '../../test/test-app';

/**
 * A BOM mapping whose database connection ends mid-way (a restart, a failover, pg_terminate_backend) answers
 * 503 in German and leaves the BOM as it was, its earlier mapping and lines shown and nothing half-written
 * kept, so that the customer simply saves again. The connection ends inside the database: on PostgreSQL a
 * trigger terminates its own backend, on PGlite (one connection, which must live on) it raises the SQLSTATE
 * a terminated connection reports (57P01 admin_shutdown).
 */

const world = useEnquiryWorld();
const api = enquiryApi(world);
const db = () => world().ctx.db;

const UNAVAILABLE = {
  code: 'DATABASE_UNAVAILABLE',
  message: 'Die Datenbank ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
};

/** 150 lines: the lines are written 100 at a time, so the second piece fails after the first is stored. */
const CSV = Buffer.from(
  [
    'Menge;Bestellnummer;Bezeichnung',
    ...Array.from({ length: 150 }, (_, i) => `1;N-${i + 1};Teil ${i + 1}`),
  ].join('\n'),
);
const FIRST = [
  { importHeader: 'Menge', bomField: 'quantity' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
];
const SECOND = [
  { importHeader: 'Menge', bomField: 'quantity' },
  { importHeader: 'Bezeichnung', bomField: 'orderNumber' },
];

/** Ends the connection of the statement that `event`s a row of `table` for which `when` holds. */
async function endConnectionOn(event: 'insert' | 'update', table: string, when: string) {
  const end =
    world().ctx.database.kind === 'postgres'
      ? 'perform pg_terminate_backend(pg_backend_pid()); perform pg_sleep(5);'
      : `raise exception 'Verbindung beendet' using errcode = 'admin_shutdown';`;
  await db().execute(
    sql.raw(`create or replace function test_end_connection() returns trigger language plpgsql as $$
      begin ${end} return new; end $$`),
  );
  await db().execute(
    sql.raw(`create trigger test_end_connection before ${event} on ${table}
      for each row when (${when}) execute function test_end_connection()`),
  );
  // Also while the embedded database writes BOM lines without row triggers (session_replication_role =
  // replica, bom-line-writes.repository.ts): a trigger enabled ALWAYS fires in that role too.
  await db().execute(sql.raw(`alter table ${table} enable always trigger test_end_connection`));
  return table;
}

let triggerTable: string | null = null;
afterEach(async () => {
  if (triggerTable)
    await db().execute(sql.raw(`drop trigger if exists test_end_connection on ${triggerTable}`));
  triggerTable = null;
});

const map = (session: Session, enquiryId: string, fieldMapping: object[]) =>
  as(world().ctx.app, session, {
    method: 'POST',
    url: '/api/enquiry/bom/map',
    payload: { enquiryId, headerRowIndex: 1, fieldMapping },
  });
const info = async (session: Session, enquiryId: string) =>
  (
    await as(world().ctx.app, session, { method: 'GET', url: `/api/enquiry/bom/info?enquiryId=${enquiryId}` })
  ).json();

/** A draft with the 150-line BOM, mapped once (FIRST); returns its ids. */
async function mappedDraft() {
  const customer = world().customer;
  const enquiryId = await createDraft(api, customer);
  const upload = await as(world().ctx.app, customer, {
    method: 'POST',
    url: '/api/enquiry/bom/upload',
    ...multipartForm([
      { name: 'enquiryId', value: enquiryId },
      { name: 'file', filename: 'Stückliste.csv', content: CSV },
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(200);
  expect((await map(customer, enquiryId, FIRST)).statusCode).toBe(200);
  const [bom] = await db().select().from(enquiryBoms).where(eq(enquiryBoms.enquiryId, enquiryId));
  return { enquiryId, bomId: bom!.id };
}

/** The BOM is as after the first mapping: its mapping, its 150 lines and no other rows. */
async function expectAsMappedFirst(enquiryId: string, bomId: string) {
  const customer = world().customer;
  expect(await info(customer, enquiryId)).toMatchObject({ fieldMapping: FIRST, lineCounts: { total: 150 } });
  const rows = await db().select().from(bomLines).where(eq(bomLines.enquiryBomId, bomId));
  const [bom] = await db().select().from(enquiryBoms).where(eq(enquiryBoms.id, bomId));
  expect(rows).toHaveLength(150);
  expect(new Set(rows.map((row) => row.generation))).toEqual(new Set([bom!.linesGeneration]));
  expect(rows.find((row) => row.rowNumber === 2)?.orderNumber).toBe('N-1');
}

describe('a BOM mapping whose database connection ends', () => {
  it('in the closing transaction: 503, the earlier mapping and lines stay, saving again works', async () => {
    const { enquiryId, bomId } = await mappedDraft();
    triggerTable = await endConnectionOn(
      'update',
      'enquiry_boms',
      `new.id = '${bomId}' and new.mapping is distinct from old.mapping`,
    );
    const failed = await map(world().customer, enquiryId, SECOND);
    expect(failed.statusCode, failed.body).toBe(503);
    expect(failed.json()).toEqual(UNAVAILABLE);
    await db().execute(sql.raw('drop trigger test_end_connection on enquiry_boms'));
    triggerTable = null;
    await expectAsMappedFirst(enquiryId, bomId);

    const again = await map(world().customer, enquiryId, SECOND);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ fieldMapping: SECOND, lineCounts: { total: 150 } });
  });

  it('while the lines are written: 503, the lines written so far are removed, saving again works', async () => {
    const { enquiryId, bomId } = await mappedDraft();
    triggerTable = await endConnectionOn(
      'insert',
      'bom_lines',
      `new.enquiry_bom_id = '${bomId}' and new.row_number = 140`,
    );
    const failed = await map(world().customer, enquiryId, SECOND);
    expect(failed.statusCode, failed.body).toBe(503);
    expect(failed.json()).toEqual(UNAVAILABLE);
    await db().execute(sql.raw('drop trigger test_end_connection on bom_lines'));
    triggerTable = null;
    await expectAsMappedFirst(enquiryId, bomId);

    const again = await map(world().customer, enquiryId, SECOND);
    expect(again.statusCode, again.body).toBe(200);
    const rows = await db().select().from(bomLines).where(eq(bomLines.enquiryBomId, bomId));
    expect(rows).toHaveLength(150);
    expect(rows.find((row) => row.rowNumber === 2)?.orderNumber).toBe('Teil 1');
  });

  it('in the BOM import: 503, the result keeps its mapping, saving again works', async () => {
    const operator = world().operator;
    const upload = await as(world().ctx.app, operator, {
      method: 'POST',
      url: '/api/admin/bom/upload',
      ...multipartForm([{ name: 'file', filename: 'Stückliste.csv', content: CSV }]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const id = upload.json().id as string;
    const adminMap = (fieldMapping: object[]) =>
      as(world().ctx.app, operator, {
        method: 'POST',
        url: '/api/admin/bom/map',
        payload: { id, headerRowIndex: 1, fieldMapping },
      });
    expect((await adminMap(FIRST)).statusCode).toBe(200);
    triggerTable = await endConnectionOn(
      'update',
      'admin_boms',
      `new.id = '${id}' and new.mapping is distinct from old.mapping`,
    );
    const failed = await adminMap(SECOND);
    expect(failed.statusCode, failed.body).toBe(503);
    expect(failed.json()).toEqual(UNAVAILABLE);
    await db().execute(sql.raw('drop trigger test_end_connection on admin_boms'));
    triggerTable = null;
    const loaded = await as(world().ctx.app, operator, { method: 'GET', url: `/api/admin/bom/?id=${id}` });
    expect(loaded.json()).toMatchObject({ fieldMapping: FIRST });
    const rows = await db().select().from(bomLines).where(eq(bomLines.adminBomId, id));
    expect(rows).toHaveLength(150);
    expect((await adminMap(SECOND)).statusCode).toBe(200);
  });
});
