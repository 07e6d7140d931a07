import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { multipartForm } from '../../../files/testing/multipart-form';
import { createActor, createArticle, createManufacturer, createUnit } from '../../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../../test/test-app';

/**
 * The world of the BOM import route tests (SPEC §2 /import/stueckliste): the operator's administrator and staff user
 * (without admin flag), a customer, a supplier and an external guest, each signed in, and a small catalog
 * the EPLAN fixture matches against in part.
 */
export interface AdminBomWorld {
  ctx: TestContext;
  operator: Session;
  /** An operator user without admin flag: may use the BOM import too. */
  staff: Session;
  customer: Session;
  supplier: Session;
  external: Session;
  catalog: { terminal: string; contactor: string };
}

/** EPLAN's export (title rows, header in row 3): terminal, contactor, cable, supplied PLC. */
export const EPLAN_XLSX = readFileSync(
  path.join(import.meta.dirname, '..', '..', 'enquiry', 'testing', 'fixtures', 'stueckliste-eplan.xlsx'),
);

export const EPLAN_HEADERS = [
  'Funktionale Zuordnung',
  'Anlage',
  'Einbauort',
  'BMK',
  'Menge',
  'ME',
  'Hersteller',
  'Bestellnummer',
  'Typnummer',
  'Bezeichnung',
  'Beigestellt',
];

export const EPLAN_MAPPING = [
  { importHeader: 'Menge', bomField: 'quantity' },
  { importHeader: 'ME', bomField: 'unit' },
  { importHeader: 'Hersteller', bomField: 'manufacturer' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
  { importHeader: 'BMK', bomField: 'bmk' },
  { importHeader: 'Beigestellt', bomField: 'isSuppliedPart' },
];

export async function createAdminBomWorld(): Promise<AdminBomWorld> {
  const ctx = await createTestApp();
  const db = ctx.db;
  const operator = await createActor(db, 'ADMIN', { admin: true });
  const staff = await createActor(db, 'ADMIN', { companyId: operator.company.id });
  const customer = await createActor(db, 'CUSTOMER', { admin: true });
  const supplier = await createActor(db, 'SUPPLIER', { admin: true });
  const external = await createActor(db, 'EXTERNAL');
  const piece = await createUnit(db, { displayName: 'Stück', nameVariants: ['Stk'] });
  const weidmueller = await createManufacturer(db, { displayName: 'Weidmüller' });
  const siemens = await createManufacturer(db, { displayName: 'Siemens AG', nameVariants: ['Siemens'] });
  const terminal = await createArticle(db, {
    manufacturerId: weidmueller.id,
    orderNumber: '1020000000',
    description: 'Durchgangsklemme WDU 2.5',
    unitId: piece.id,
    purchasePrice: 1.5,
  });
  const contactor = await createArticle(db, {
    manufacturerId: siemens.id,
    orderNumber: '3RT2015-1BB41',
    description: 'Schütz 3RT2015',
    unitId: piece.id,
    purchasePrice: 40,
  });
  return {
    ctx,
    operator: await signIn(ctx.app, operator.user.email),
    staff: await signIn(ctx.app, staff.user.email),
    customer: await signIn(ctx.app, customer.user.email),
    supplier: await signIn(ctx.app, supplier.user.email),
    external: await signIn(ctx.app, external.user.email),
    catalog: { terminal: terminal.id, contactor: contactor.id },
  };
}

/** One world per test file, closed after it. */
export function useAdminBomWorld(): () => AdminBomWorld {
  let world: AdminBomWorld | undefined;
  beforeAll(async () => {
    world = await createAdminBomWorld();
  });
  afterAll(async () => world?.ctx.close());
  return () => world as AdminBomWorld;
}

/** The /admin/bom calls as the web app makes them. */
export function adminBomApi(world: () => AdminBomWorld) {
  const app = () => world().ctx.app;
  const get = (session: Session | null, url: string) => as(app(), session, { method: 'GET', url });
  return {
    upload: (
      session: Session | null,
      filename = 'Stückliste.xlsx',
      content: Buffer = EPLAN_XLSX,
      headerRowIndex?: string,
    ) =>
      as(app(), session, {
        method: 'POST',
        url: '/api/admin/bom/upload',
        ...multipartForm([
          ...(headerRowIndex === undefined ? [] : [{ name: 'headerRowIndex', value: headerRowIndex }]),
          { name: 'file', filename, content },
        ]),
      }),
    header: (session: Session | null, payload: object) =>
      as(app(), session, { method: 'POST', url: '/api/admin/bom/header', payload }),
    map: (session: Session | null, payload: object) =>
      as(app(), session, { method: 'POST', url: '/api/admin/bom/map', payload }),
    list: (session: Session | null, query = '') => get(session, `/api/admin/bom/all/simple${query}`),
    load: (session: Session | null, id: string) => get(session, `/api/admin/bom/?id=${id}`),
    remove: (session: Session | null, ids: string) =>
      get(session, `/api/admin/bom/delete?adminBOMResultIds=${ids}`),
    lines: (session: Session | null, id: string, query = '') =>
      get(session, `/api/admin/bom/lines?id=${id}${query}`),
    summed: (session: Session | null, id: string) => get(session, `/api/admin/bom/summed?id=${id}`),
    file: (session: Session | null, id: string) => get(session, `/api/admin/bom/file?id=${id}`),
    export: (session: Session | null, id: string) => get(session, `/api/admin/bom/export?id=${id}`),
  };
}

/** The map body for the EPLAN fixture. */
export const eplanMapBody = (id: string, overrides: object = {}) => ({
  id,
  headerRowIndex: 3,
  fieldMapping: EPLAN_MAPPING,
  suppliedPartString: 'beigestellt',
  ...overrides,
});

/** Steps the route tests share: an uploaded result, a mapped one, the files under admin-bom/. */
export function adminBomSteps(world: () => AdminBomWorld, api: ReturnType<typeof adminBomApi>) {
  async function uploaded(session = world().operator): Promise<string> {
    const response = await api.upload(session);
    if (response.statusCode !== 200) throw new Error(`upload: ${response.statusCode} ${response.body}`);
    return response.json().id as string;
  }

  async function mapped(session = world().operator): Promise<string> {
    const id = await uploaded(session);
    const response = await api.map(session, eplanMapBody(id));
    if (response.statusCode !== 200) throw new Error(`map: ${response.statusCode} ${response.body}`);
    return id;
  }

  /** Every file under admin-bom/ in the storage (generated names). */
  function storedFiles(): string[] {
    try {
      return readdirSync(path.join(world().ctx.filesDir, 'admin-bom'), {
        recursive: true,
        withFileTypes: true,
      })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name));
    } catch {
      return [];
    }
  }

  return { uploaded, mapped, storedFiles };
}
