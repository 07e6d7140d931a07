import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../files/testing/read-zip';
import { useEnquiryWorld } from '../../test/enquiry-world';
import { createOfferCatalog, offerApi, releasedEnquiryWithBom, releasedOffer } from '../../test/offer-world';

const world = useEnquiryWorld();
const api = offerApi(world);

beforeAll(async () => {
  await createOfferCatalog(world());
});

const get = (session: Parameters<typeof api.get>[0], url: string) =>
  world().ctx.app.inject({
    method: 'GET',
    url,
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
  });

function firstRow(body: Buffer): unknown[] {
  const book = XLSX.read(body, { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0] as unknown[];
}

describe('GET /api/offer/export and /api/offer/download', () => {
  it("exports the SPEC §3 files for the offer's readers; the supplier export never to the customer", async () => {
    const enquiryId = await releasedEnquiryWithBom(world);
    const id = await releasedOffer(api, world().supplier, enquiryId, { offerNumber: 'EXP-7' });
    const url = (kind: string, format = 'xlsx') =>
      `/api/offer/export?offerId=${id}&kind=${kind}&format=${format}`;
    expect((await get(null, url('customer'))).statusCode).toBe(401);
    expect((await get(world().otherSupplier, url('customer'))).statusCode).toBe(404);
    expect((await get(world().otherCustomer, url('production'))).statusCode).toBe(404);
    expect((await get(world().supplier, url('everything'))).statusCode).toBe(400);
    expect((await get(world().customer, url('supplier'))).statusCode).toBe(403);

    const production = await get(world().customer, url('production'));
    expect(production.statusCode).toBe(200);
    expect(production.headers['content-disposition']).toContain('Angebot_EXP-7_V1_');
    expect(firstRow(production.rawPayload).length).toBe(12);
    const supplier = await get(world().supplier, url('supplier'));
    expect(firstRow(supplier.rawPayload)[0]).toBe('ERP-Nummer');
    const csv = await get(world().customer, url('customer', 'csv'));
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);

    const supplierZip = await get(world().supplier, `/api/offer/download?offerId=${id}`);
    expect(supplierZip.statusCode).toBe(200);
    expect(supplierZip.headers['content-type']).toBe('application/zip');
    const names = (await readZip(supplierZip.rawPayload)).map((entry) => entry.name);
    // The demo BOM has a supplied part: for the supplier it has its own file.
    expect(names).toHaveLength(4);
    expect(names.some((name) => name.includes('Beigestellte_Teile'))).toBe(true);
    const customerZip = await get(world().customer, `/api/offer/download?offerId=${id}`);
    expect((await readZip(customerZip.rawPayload)).map((entry) => entry.name)).toHaveLength(3);
    expect((await get(world().otherSupplier, `/api/offer/download?offerId=${id}`)).statusCode).toBe(404);
  });
});
