import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessFolderShares, businessFolders, offers } from '../../db/schema';
import type { Session } from '../../test/test-app';
import { createFolderOffer, type FolderWorld, folderRequest, useFolderWorld } from './testing/folder-world';

const world = useFolderWorld();

function list(w: FolderWorld, session: Session | null, query = '') {
  return folderRequest(w, session, { method: 'GET', url: `/api/offer/businessdata/list${query}` });
}

async function folderIds(w: FolderWorld, session: Session, query = '') {
  const response = await list(w, session, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().content.map((row: { folderId: string }) => row.folderId) as string[];
}

/**
 * One world for the file: open (newest), accepted, confirmed, declined, unreleased and archived offers of the
 * world's companies, one of another supplier shared with the guest, and one shared with an expired entry.
 */
let f: Record<
  'open' | 'accepted' | 'confirmed' | 'declined' | 'draft' | 'archived' | 'shared' | 'expired',
  { offerId: string; folderId: string }
>;

beforeAll(async () => {
  const w = world();
  const make = async (
    options: Parameters<typeof createFolderOffer>[1],
    createdAt: string,
  ): Promise<{ offerId: string; folderId: string }> => {
    const made = await createFolderOffer(w, options);
    await w.ctx.db
      .update(offers)
      .set({ createdAt: new Date(createdAt) })
      .where(eq(offers.id, made.offerId));
    return made;
  };
  f = {
    declined: await make({ state: 'DECLINED' }, '2026-01-01T08:00:00Z'),
    confirmed: await make({ state: 'CONFIRMED' }, '2026-01-02T08:00:00Z'),
    accepted: await make({ state: 'ACCEPTED' }, '2026-01-03T08:00:00Z'),
    draft: await make({ released: false }, '2026-01-04T08:00:00Z'),
    archived: await make({}, '2026-01-05T08:00:00Z'),
    shared: await make({ supplierId: w.ids.otherSupplierId }, '2026-01-06T08:00:00Z'),
    expired: await make({ supplierId: w.ids.otherSupplierId }, '2026-01-07T08:00:00Z'),
    open: await make({}, '2026-01-08T08:00:00Z'),
  };
  await w.ctx.db.update(offers).set({ archived: true }).where(eq(offers.id, f.archived.offerId));
  await w.ctx.db
    .update(businessFolders)
    .set({ allowExternal: true, fileCount: 3, lastUpdate: new Date('2026-02-01T10:00:00Z') })
    .where(eq(businessFolders.id, f.shared.folderId));
  await w.ctx.db
    .update(businessFolders)
    .set({ allowExternal: true })
    .where(eq(businessFolders.id, f.expired.folderId));
  await w.ctx.db.insert(businessFolderShares).values([
    { folderId: f.shared.folderId, email: w.emails.external, endDate: null, read: true, write: false },
    {
      folderId: f.expired.folderId,
      email: w.emails.external,
      endDate: '2020-12-31',
      read: true,
      write: false,
    },
  ]);
});

describe('GET /api/offer/businessdata/list', () => {
  it('401 signed out', async () => {
    expect((await list(world(), null)).statusCode).toBe(401);
  });

  it("lists the supplier's open, accepted and confirmed offers newest first, with file counts", async () => {
    const w = world();
    const response = await list(w, w.supplierStaff);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.totalElements).toBe(4);
    expect(page.content.map((row: { folderId: string }) => row.folderId)).toEqual([
      f.open.folderId,
      f.draft.folderId,
      f.accepted.folderId,
      f.confirmed.folderId,
    ]);
    expect(page.content[0]).toMatchObject({
      offerId: f.open.offerId,
      access: 'COMPANY',
      state: 'OPEN',
      fileCount: 0,
      lastUpdate: null,
    });
    expect(page.content[0].customerName).toBeTruthy();
    expect(page.content[0].supplierName).toBeTruthy();
  });

  it("lists the customer's released offers only, and those of the other supplier too", async () => {
    const w = world();
    expect(await folderIds(w, w.customerStaff)).toEqual([
      f.open.folderId,
      f.expired.folderId,
      f.shared.folderId,
      f.accepted.folderId,
      f.confirmed.folderId,
    ]);
  });

  it('pages and searches reference and offer numbers (case-insensitive)', async () => {
    const w = world();
    const second = await list(w, w.supplierAdmin, '?page=1&paginationSize=2');
    expect(second.json().totalElements).toBe(4);
    expect(second.json().content.map((row: { folderId: string }) => row.folderId)).toEqual([
      f.accepted.folderId,
      f.confirmed.folderId,
    ]);
    const [openRow] = await w.ctx.db.select().from(offers).where(eq(offers.id, f.open.offerId));
    const byReference = await list(w, w.supplierStaff, `?search=${openRow!.referenceNumber!.toLowerCase()}`);
    expect(byReference.json().content.map((row: { folderId: string }) => row.folderId)).toEqual([
      f.open.folderId,
    ]);
    expect(byReference.json().totalElements).toBe(1);
    const byNumber = await list(w, w.supplierStaff, `?search=${openRow!.offerNumber!.toLowerCase()}`);
    expect(byNumber.json().content.map((row: { folderId: string }) => row.folderId)).toEqual([
      f.open.folderId,
    ]);
    const none = await list(w, w.supplierStaff, '?search=gibt-es-nicht%25');
    expect(none.json()).toEqual({ content: [], totalElements: 0 });
  });

  it('follows the types map for non-admin users, not for admins', async () => {
    const w = world();
    await w.ctx.db
      .update(businessFolders)
      .set({ types: { CUSTOMER: { read: true, write: true }, SUPPLIER: { read: false, write: false } } })
      .where(eq(businessFolders.id, f.accepted.folderId));
    try {
      expect(await folderIds(w, w.supplierStaff)).not.toContain(f.accepted.folderId);
      expect((await list(w, w.supplierStaff)).json().totalElements).toBe(3);
      expect(await folderIds(w, w.supplierAdmin)).toContain(f.accepted.folderId);
      expect(await folderIds(w, w.customerStaff)).toContain(f.accepted.folderId);
    } finally {
      await w.ctx.db
        .update(businessFolders)
        .set({ types: { CUSTOMER: { read: true, write: true }, SUPPLIER: { read: true, write: true } } })
        .where(eq(businessFolders.id, f.accepted.folderId));
    }
  });

  it('shows an external guest only the folders shared with an active entry', async () => {
    const w = world();
    const response = await list(w, w.external);
    expect(response.statusCode).toBe(200);
    expect(response.json().totalElements).toBe(1);
    expect(response.json().content).toEqual([
      expect.objectContaining({
        folderId: f.shared.folderId,
        offerId: null,
        access: 'SHARED',
        fileCount: 3,
        lastUpdate: '2026-02-01T10:00:00.000Z',
      }),
    ]);
  });

  it('shows nothing to other tenants and the operator; a share adds a folder once', async () => {
    const w = world();
    for (const session of [w.otherCustomer, w.operator]) {
      expect((await list(w, session)).json()).toEqual({ content: [], totalElements: 0 });
    }
    // The other supplier's own offers (shared, expired) are its COMPANY rows; nothing of the world's supplier.
    expect(await folderIds(w, w.otherSupplier)).toEqual([f.expired.folderId, f.shared.folderId]);
    // A share of a folder the user lists anyway does not list it twice.
    await w.ctx.db
      .insert(businessFolderShares)
      .values({ folderId: f.shared.folderId, email: w.emails.otherSupplier, read: true, write: false });
    const page = (await list(w, w.otherSupplier)).json();
    expect(page.totalElements).toBe(2);
    expect(page.content.map((row: { access: string }) => row.access)).toEqual(['COMPANY', 'COMPANY']);
  });
});
