import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { folderCookieName } from '../../auth/folder-cookie';
import {
  businessFolderLog,
  businessFolderSessions,
  businessFolderShares,
  businessFolders,
} from '../../db/schema';
import { hashFolderToken } from './folder-access';
import { createFolderOffer, type FolderWorld, folderRequest, useFolderWorld } from './testing/folder-world';

const world = useFolderWorld();

function open(
  w: FolderWorld,
  session: FolderWorld['customerAdmin'] | null,
  folderId: string,
  cookie?: string,
) {
  return folderRequest(w, session, {
    method: 'GET',
    url: `/api/offer/businessdata/?folderId=${folderId}`,
    cookie,
  });
}

/** An anonymous session of `folderId` opened by the password: the cookie a browser would send. */
async function anonymousCookie(w: FolderWorld, folderId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await w.ctx.db.insert(businessFolderSessions).values({
    folderId,
    tokenHash: hashFolderToken(token),
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return `${folderCookieName(folderId)}=${token}`;
}

describe('GET /api/offer/businessdata/ (open a folder)', () => {
  it('opens the folder for both companies and records OPEN with the e-mail and the address', async () => {
    const w = world();
    const { folderId, offerId } = await createFolderOffer(w);
    const supplier = await open(w, w.supplierStaff, folderId);
    expect(supplier.statusCode, supplier.body).toBe(200);
    expect(supplier.json()).toMatchObject({
      folderId,
      offerId,
      viewer: 'MEMBER',
      rights: { read: true, write: true, manage: false },
      items: [],
      settings: null,
    });
    const customer = await open(w, w.customerAdmin, folderId);
    expect(customer.statusCode).toBe(200);
    expect(customer.json().rights).toEqual({ read: true, write: true, manage: true });
    expect(customer.json().settings).not.toBeNull();
    const log = await w.ctx.db
      .select()
      .from(businessFolderLog)
      .where(eq(businessFolderLog.folderId, folderId));
    expect(log.map((row) => [row.action, row.actorLabel])).toEqual(
      expect.arrayContaining([
        ['OPEN', w.emails.supplierStaff],
        ['OPEN', w.emails.customerAdmin],
      ]),
    );
    expect(log).toHaveLength(2);
    expect(log[0]!.ip).toBeTruthy();
  });

  it('answers 404 to other tenants, the operator, an uninvited external and a malformed id', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    for (const session of [w.otherSupplier, w.otherCustomer, w.operator, w.external]) {
      expect((await open(w, session, folderId)).statusCode).toBe(404);
    }
    expect((await open(w, w.supplierAdmin, 'nicht-da')).statusCode).toBe(404);
    expect((await open(w, w.supplierAdmin, 'a'.repeat(64))).statusCode).toBe(404);
  });

  it('hides the folder of an unreleased offer from the customer, not from the supplier', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w, { released: false });
    expect((await open(w, w.customerAdmin, folderId)).statusCode).toBe(404);
    expect((await open(w, w.customerStaff, folderId)).statusCode).toBe(404);
    expect((await open(w, w.supplierStaff, folderId)).statusCode).toBe(200);
  });

  it('follows the types map for non-admin users; admins keep every right', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    await w.ctx.db
      .update(businessFolders)
      .set({ types: { CUSTOMER: { read: false, write: false }, SUPPLIER: { read: true, write: false } } })
      .where(eq(businessFolders.id, folderId));
    expect((await open(w, w.customerStaff, folderId)).statusCode).toBe(404);
    const staff = await open(w, w.supplierStaff, folderId);
    expect(staff.json().rights).toEqual({ read: true, write: false, manage: false });
    expect((await open(w, w.customerAdmin, folderId)).json().rights.manage).toBe(true);
  });

  it('signed out: 404 while anonymous access is off, 412 while it is on', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    expect((await open(w, null, folderId)).statusCode).toBe(404);
    await w.ctx.db
      .update(businessFolders)
      .set({ allowAnonymous: true, passwordHash: 'x' })
      .where(eq(businessFolders.id, folderId));
    const gate = await open(w, null, folderId);
    expect(gate.statusCode).toBe(412);
    expect(gate.json().code).toBe('FOLDER_NOT_AUTHENTICATED');
  });

  it('lets an external user with an active entry read, not with an expired one', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    await w.ctx.db
      .update(businessFolders)
      .set({ allowExternal: true })
      .where(eq(businessFolders.id, folderId));
    await w.ctx.db
      .insert(businessFolderShares)
      .values({ folderId, email: w.emails.external, read: true, write: false, endDate: '2999-12-31' });
    const guest = await open(w, w.external, folderId);
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json()).toMatchObject({ viewer: 'GUEST', offerId: null, settings: null });
    expect(guest.json().rights).toEqual({ read: true, write: false, manage: false });
    await w.ctx.db
      .update(businessFolderShares)
      .set({ endDate: '2020-01-01' })
      .where(
        and(eq(businessFolderShares.folderId, folderId), eq(businessFolderShares.email, w.emails.external)),
      );
    expect((await open(w, w.external, folderId)).statusCode).toBe(404);
  });

  it('opens for an anonymous visitor with the folder token; a token of another folder gives nothing', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    const other = await createFolderOffer(w);
    for (const id of [folderId, other.folderId]) {
      await w.ctx.db
        .update(businessFolders)
        .set({ allowAnonymous: true, passwordHash: 'x' })
        .where(eq(businessFolders.id, id));
    }
    const cookie = await anonymousCookie(w, folderId);
    const visitor = await open(w, null, folderId, cookie);
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json()).toMatchObject({ viewer: 'ANONYMOUS', offerId: null, settings: null });
    expect(visitor.json().rights).toEqual({ read: true, write: false, manage: false });
    const [row] = await w.ctx.db
      .select()
      .from(businessFolderLog)
      .where(eq(businessFolderLog.folderId, folderId));
    expect(row!.actorLabel).toMatch(/^Anonymer Besucher \(Sitzung [0-9a-f]{8}\)$/);
    expect(row!.sessionId).not.toBeNull();
    // The first folder's token under the second folder's cookie name opens nothing there.
    const foreign = `${folderCookieName(other.folderId)}=${cookie.split('=')[1]}`;
    expect((await open(w, null, other.folderId, foreign)).statusCode).toBe(412);
    expect((await open(w, null, other.folderId, cookie)).statusCode).toBe(412);
  });
});
