import type { FileType } from '@portal/domain/enums';
import { addCalendarDays, berlinToday } from '@portal/domain/rules/berlin-date';
import { afterAll, beforeAll } from 'vitest';
import { multipartForm } from '../files/testing/multipart-form';
import { createActor, createCompany, createUser } from './factories';
import {
  as,
  createTestApp,
  type Session,
  signIn,
  type TestAppOptions,
  type TestContext,
  uploadFile,
} from './test-app';
import { zipFile } from './xlsx-files';

/**
 * The world of the enquiry route tests: two customer companies (the first with an admin and a staff user),
 * two active suppliers and an inactive one, the operator and an external guest, each signed in.
 */
export interface EnquiryWorld {
  ctx: TestContext;
  customer: Session;
  /** A second user of the same customer company (sees the same enquiries). */
  colleague: Session;
  otherCustomer: Session;
  supplier: Session;
  otherSupplier: Session;
  operator: Session;
  external: Session;
  ids: {
    customerId: string;
    customerName: string;
    otherCustomerId: string;
    supplierId: string;
    supplierName: string;
    otherSupplierId: string;
    inactiveSupplierId: string;
  };
  /** The addresses of the users above (mails of the business steps). */
  emails: { customer: string; supplier: string; otherSupplier: string; inactiveSupplier: string };
}

export async function createEnquiryWorld(options: TestAppOptions = {}): Promise<EnquiryWorld> {
  const ctx = await createTestApp(options);
  const db = ctx.db;
  const customerCompany = await createCompany(db, { type: 'CUSTOMER' });
  const customerAdmin = await createUser(db, { companyId: customerCompany.id, admin: true });
  const customerStaff = await createUser(db, { companyId: customerCompany.id });
  const otherCustomer = await createActor(db, 'CUSTOMER');
  const supplierCompany = await createCompany(db, { type: 'SUPPLIER' });
  const supplierUser = await createUser(db, { companyId: supplierCompany.id });
  const otherSupplier = await createActor(db, 'SUPPLIER');
  const inactiveSupplier = await createCompany(db, { type: 'SUPPLIER', active: false });
  const inactiveSupplierUser = await createUser(db, { companyId: inactiveSupplier.id });
  const operator = await createActor(db, 'ADMIN', { admin: true });
  const external = await createActor(db, 'EXTERNAL');
  return {
    ctx,
    customer: await signIn(ctx.app, customerAdmin.email),
    colleague: await signIn(ctx.app, customerStaff.email),
    otherCustomer: await signIn(ctx.app, otherCustomer.user.email),
    supplier: await signIn(ctx.app, supplierUser.email),
    otherSupplier: await signIn(ctx.app, otherSupplier.user.email),
    operator: await signIn(ctx.app, operator.user.email),
    external: await signIn(ctx.app, external.user.email),
    ids: {
      customerId: customerCompany.id,
      customerName: customerCompany.name,
      otherCustomerId: otherCustomer.company.id,
      supplierId: supplierCompany.id,
      supplierName: supplierCompany.name,
      otherSupplierId: otherSupplier.company.id,
      inactiveSupplierId: inactiveSupplier.id,
    },
    emails: {
      customer: customerAdmin.email,
      supplier: supplierUser.email,
      otherSupplier: otherSupplier.user.email,
      inactiveSupplier: inactiveSupplierUser.email,
    },
  };
}

/** One world per test file, closed after it. */
export function useEnquiryWorld(): () => EnquiryWorld {
  let world: EnquiryWorld | undefined;
  beforeAll(async () => {
    world = await createEnquiryWorld();
  });
  afterAll(async () => world?.ctx.close());
  return () => world as EnquiryWorld;
}

/** A day `days` from today as YYYY-MM-DD (the Berlin calendar day, as the release check reads it). */
export function dayFromToday(days: number): string {
  return addCalendarDays(berlinToday(), days);
}

/** Every field SPEC §5 requires for a release. */
export function completeBody(title = 'Schaltschrank Linie 4') {
  return {
    title,
    referenceNumber: 'REF-2026-17',
    deliveryCondition: 'EXW',
    desiredDeliveryDate: dayFromToday(60),
    amount: 2,
  };
}

/** Small files whose first bytes are what their programs write. */
export const SAMPLES = {
  pdf: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  /** Signature and the start of the IHDR chunk (its length field holds NUL bytes, as in every PNG). */
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    Buffer.from('IHDR'),
    Buffer.from([0, 0, 0, 0x10, 0, 0, 0, 0x10, 8, 6, 0, 0, 0]),
  ]),
  xlsx: zipFile([{ name: '[Content_Types].xml', content: '<Types/>' }]),
  xls: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
  csv: Buffer.from('Menge;Bestellnummer;Hersteller\n2;3RT2015-1BB41;Siemens\n', 'utf8'),
  exe: Buffer.concat([Buffer.from('MZ\x90\x00\x03', 'latin1'), Buffer.alloc(200)]),
};

export type Api = ReturnType<typeof enquiryApi>;

/** The enquiry calls as the web app makes them, for one world. */
export function enquiryApi(world: () => EnquiryWorld) {
  const app = () => world().ctx.app;
  return {
    create: (session: Session | null, body: object = completeBody()) =>
      as(app(), session, { method: 'POST', url: '/api/enquiry/', payload: body }),
    get: (session: Session | null, id: string) =>
      as(app(), session, { method: 'GET', url: `/api/enquiry/?id=${id}` }),
    update: (session: Session | null, body: object) =>
      as(app(), session, { method: 'POST', url: '/api/enquiry/update', payload: body }),
    list: (session: Session | null, query = '') =>
      as(app(), session, { method: 'GET', url: `/api/enquiry/filter${query}` }),
    release: (session: Session | null, enquiryId: string, recipients?: object) =>
      as(app(), session, {
        method: 'POST',
        url: '/api/enquiry/release',
        payload: recipients ? { enquiryId, recipients } : { enquiryId },
      }),
    upload: (
      session: Session | null,
      enquiryId: string,
      filename: string,
      content: Buffer,
      fileType?: FileType,
    ) => uploadFile(app(), session, `/api/enquiry/${enquiryId}/file`, { filename, content, fileType }),
    /** The draft's BOM file (POST /api/enquiry/bom/upload). */
    uploadBom: (session: Session | null, enquiryId: string, filename: string, content: Buffer) =>
      as(app(), session, {
        method: 'POST',
        url: '/api/enquiry/bom/upload',
        ...multipartForm([
          { name: 'enquiryId', value: enquiryId },
          { name: 'file', filename, content },
        ]),
      }),
    download: (session: Session | null, enquiryId: string, fileId: string) =>
      as(app(), session, { method: 'GET', url: `/api/enquiry/${enquiryId}/file/${fileId}` }),
    zip: (session: Session | null, enquiryId: string) =>
      as(app(), session, { method: 'POST', url: '/api/file/all/enquiry', payload: { enquiryId } }),
  };
}

/** A draft of the world's customer with every required field; returns its id. */
export async function createDraft(
  api: Api,
  session: Session,
  body: object = completeBody(),
): Promise<string> {
  const response = await api.create(session, body);
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json().id as string;
}

/** A draft with a circuit diagram and a BOM, released (to all suppliers unless `recipients` says else). */
export async function createReleased(
  api: Api,
  session: Session,
  options: { title?: string; recipients?: object } = {},
): Promise<string> {
  const id = await createDraft(api, session, completeBody(options.title));
  for (const [name, content] of [
    ['Schaltplan.pdf', SAMPLES.pdf],
    ['Stückliste.xlsx', SAMPLES.xlsx],
  ] as const) {
    const upload = await api.upload(session, id, name, content);
    if (upload.statusCode !== 201) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
  }
  const release = await api.release(session, id, options.recipients);
  if (release.statusCode !== 200) throw new Error(`release: ${release.statusCode} ${release.body}`);
  return id;
}
