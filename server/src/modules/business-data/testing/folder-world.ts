import type { OfferState } from '@portal/domain/enums';
import { defaultTechnicalSpec } from '@portal/domain/schemas/technical-spec';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { businessFolders, enquiries } from '../../../db/schema';
import { createActor, createCompany, createUser } from '../../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../../test/test-app';
import { insertOffer } from '../../offer';

/**
 * The world of the project folder tests (SPEC §6 project files): one customer and one supplier company, each with an admin
 * and a staff user; another customer and another supplier (admins); the operator's admin; an external guest.
 * Offers are written straight into the database (`createFolderOffer`): the folder calls do not depend on how
 * an offer came to be, and a release through the API per test would cost seconds.
 */
export interface FolderWorld {
  ctx: TestContext;
  customerAdmin: Session;
  customerStaff: Session;
  supplierAdmin: Session;
  supplierStaff: Session;
  otherCustomer: Session;
  otherSupplier: Session;
  operator: Session;
  external: Session;
  emails: {
    customerAdmin: string;
    customerStaff: string;
    supplierAdmin: string;
    supplierStaff: string;
    otherSupplier: string;
    operator: string;
    external: string;
  };
  ids: { customerId: string; supplierId: string; otherSupplierId: string; externalCompanyId: string };
}

export async function createFolderWorld(): Promise<FolderWorld> {
  const ctx = await createTestApp();
  const db = ctx.db;
  const customer = await createCompany(db, { type: 'CUSTOMER' });
  const supplier = await createCompany(db, { type: 'SUPPLIER' });
  const customerAdmin = await createUser(db, { companyId: customer.id, admin: true });
  const customerStaff = await createUser(db, { companyId: customer.id });
  const supplierAdmin = await createUser(db, { companyId: supplier.id, admin: true });
  const supplierStaff = await createUser(db, { companyId: supplier.id });
  const otherCustomer = await createActor(db, 'CUSTOMER', { admin: true });
  const otherSupplier = await createActor(db, 'SUPPLIER', { admin: true });
  const operator = await createActor(db, 'ADMIN', { admin: true });
  const external = await createActor(db, 'EXTERNAL');
  return {
    ctx,
    customerAdmin: await signIn(ctx.app, customerAdmin.email),
    customerStaff: await signIn(ctx.app, customerStaff.email),
    supplierAdmin: await signIn(ctx.app, supplierAdmin.email),
    supplierStaff: await signIn(ctx.app, supplierStaff.email),
    otherCustomer: await signIn(ctx.app, otherCustomer.user.email),
    otherSupplier: await signIn(ctx.app, otherSupplier.user.email),
    operator: await signIn(ctx.app, operator.user.email),
    external: await signIn(ctx.app, external.user.email),
    emails: {
      customerAdmin: customerAdmin.email,
      customerStaff: customerStaff.email,
      supplierAdmin: supplierAdmin.email,
      supplierStaff: supplierStaff.email,
      otherSupplier: otherSupplier.user.email,
      operator: operator.user.email,
      external: external.user.email,
    },
    ids: {
      customerId: customer.id,
      supplierId: supplier.id,
      otherSupplierId: otherSupplier.company.id,
      externalCompanyId: external.company.id,
    },
  };
}

/** One world per test file, closed after it. */
export function useFolderWorld(): () => FolderWorld {
  let world: FolderWorld | undefined;
  beforeAll(async () => {
    world = await createFolderWorld();
  });
  afterAll(async () => {
    await world?.ctx.close();
  });
  return () => {
    if (!world) throw new Error('folder world not ready');
    return world;
  };
}

let counter = 0;

/**
 * A released enquiry of the world's customer with an offer of the world's supplier (released unless
 * `released: false`, in `state`), and its project folder. Returns the ids.
 */
export async function createFolderOffer(
  world: FolderWorld,
  options: { released?: boolean; state?: OfferState; supplierId?: string } = {},
): Promise<{ offerId: string; enquiryId: string; folderId: string }> {
  const db = world.ctx.db;
  counter += 1;
  const released = options.released ?? true;
  const [enquiry] = await db
    .insert(enquiries)
    .values({
      customerId: world.ids.customerId,
      title: `Schaltschrank Ordner ${counter}`,
      technicalSpec: defaultTechnicalSpec(),
      released: true,
    })
    .returning({ id: enquiries.id });
  const id = crypto.randomUUID();
  await insertOffer(db, {
    id,
    lineageId: id,
    enquiryId: enquiry!.id,
    supplierId: options.supplierId ?? world.ids.supplierId,
    customerId: world.ids.customerId,
    state: options.state ?? 'OPEN',
    released,
    releaseDate: released ? new Date() : null,
    customerCurrent: released,
    offerNumber: `AN-ORDNER-${counter}`,
    referenceNumber: `REF-ORDNER-${counter}`,
    technicalSpec: defaultTechnicalSpec(),
  });
  const [folder] = await db
    .select({ id: businessFolders.id })
    .from(businessFolders)
    .where(eq(businessFolders.lineageId, id));
  return { offerId: id, enquiryId: enquiry!.id, folderId: folder!.id };
}

/** app.inject as `session` (or signed out) with extra cookies, e.g. an anonymous folder token. */
export function folderRequest(
  world: FolderWorld,
  session: Session | null,
  options: Parameters<typeof as>[2] & { cookie?: string },
) {
  const { cookie, ...rest } = options;
  const cookies = [session?.cookie, cookie].filter(Boolean).join('; ');
  return as(world.ctx.app, null, {
    ...rest,
    headers: { ...(cookies ? { cookie: cookies } : {}), ...(rest.headers ?? {}) },
  });
}
