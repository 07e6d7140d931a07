import { describe, expect, it } from 'vitest';
import { useEnquiryWorld } from '../../test/enquiry-world';
import { createOfferCatalog, offerApi, releasedEnquiryWithBom, releasedOffer } from '../../test/offer-world';

const world = useEnquiryWorld();
const api = offerApi(world);

interface Item {
  id: string;
  version: number;
  versions: { id: string; version: number }[];
}

async function rowOf(session: Parameters<typeof api.list>[0], reference: string): Promise<Item[]> {
  const list = await api.list(session, `?states=OPEN,DECLINED&referenceNumber=${reference}`);
  expect(list.statusCode, list.body).toBe(200);
  return list.json().content;
}

describe('GET /api/offer/filter: the versions of a row', () => {
  it('superseded versions stay reachable from the current row: all for the supplier, released ones for the customer', async () => {
    await createOfferCatalog(world());
    const enquiryId = await releasedEnquiryWithBom(world, { title: 'Versionen' });
    const first = await releasedOffer(api, world().supplier, enquiryId);
    const reference = (await api.get(world().supplier, first)).json().referenceNumber as string;
    const revised = await api.revise(world().supplier, first);
    expect(revised.statusCode, revised.body).toBe(201);
    const second = revised.json().id as string;

    // The supplier's row is its draft of version 2, with version 1 beside it.
    const [supplierRow] = await rowOf(world().supplier, reference);
    expect(supplierRow).toMatchObject({
      id: second,
      version: 2,
      versions: [
        { id: first, version: 1 },
        { id: second, version: 2 },
      ],
    });
    // The customer still sees version 1 and no draft of version 2; nobody else sees the row.
    const [customerRow] = await rowOf(world().customer, reference);
    expect(customerRow).toMatchObject({ id: first, versions: [{ id: first, version: 1 }] });
    expect(await rowOf(world().otherSupplier, reference)).toEqual([]);
    expect(await rowOf(world().otherCustomer, reference)).toEqual([]);
    expect((await api.list(null, `?referenceNumber=${reference}`)).statusCode).toBe(401);
    expect((await api.list(world().customer, '?states=NOPE')).statusCode).toBe(400);
  });
});
