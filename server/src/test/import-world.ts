import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FieldMappingEntry, ImportConfigValues } from '@portal/domain/schemas/import-config';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Db } from '../db/client';
import { articleImportRuns, articles, articleWholesalerInfos } from '../db/schema';
import { multipartForm } from '../files/testing/multipart-form';
import { insertImportConfig } from '../modules/import-config';
import { createActor } from './factories';
import { createManufacturer, createUnit, createWholesaler } from './master-data-factories';
import { as, createTestApp, type Session, signIn, type TestContext } from './test-app';

export const FIXTURES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'modules',
  'article-import',
  'fixtures',
);

export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES, name));
}

/** The headers of the fixture files and the article fields they map to. */
export const FIXTURE_MAPPING: FieldMappingEntry[] = [
  { importHeader: 'Hersteller', articleField: 'manufacturer' },
  { importHeader: 'Bestellnummer', articleField: 'orderNumber' },
  { importHeader: 'Herstellernummer', articleField: 'manufacturerNumber' },
  { importHeader: 'Bezeichnung', articleField: 'description' },
  { importHeader: 'Einheit', articleField: 'unit' },
  { importHeader: 'Breite (mm)', articleField: 'width' },
  { importHeader: 'Höhe (mm)', articleField: 'height' },
  { importHeader: 'Tiefe (mm)', articleField: 'depth' },
  { importHeader: 'Gewicht (g)', articleField: 'weight' },
  { importHeader: 'Listenpreis', articleField: 'listPrice' },
  { importHeader: 'Einkaufspreis', articleField: 'purchasePrice' },
];

/** Master data named as in the fixtures (with the variants the files use) and an operator admin. */
export async function createImportWorld(context: TestContext) {
  const { db, app } = context;
  const weidmueller = await createManufacturer(db, {
    displayName: 'Weidmüller',
    nameVariants: ['Weidmueller'],
  });
  const phoenix = await createManufacturer(db, { displayName: 'Phoenix Contact', abbreviation: 'PXC' });
  const piece = await createUnit(db, { displayName: 'Stück', nameVariants: ['Stk'] });
  const metre = await createUnit(db, { displayName: 'Meter', nameVariants: ['m'] });
  const wholesaler = await createWholesaler(db, { displayName: 'Elektro-Großhandel Süd' });
  const admin = await createActor(db, 'ADMIN', { admin: true });
  const staff = await createActor(db, 'ADMIN', { companyId: admin.company.id });
  const customer = await createActor(db, 'CUSTOMER', { admin: true });
  return {
    weidmueller,
    phoenix,
    piece,
    metre,
    wholesaler,
    admin: await signIn(app, admin.user.email),
    staff: await signIn(app, staff.user.email),
    customer: await signIn(app, customer.user.email),
  };
}
export type ImportWorld = Awaited<ReturnType<typeof createImportWorld>>;

export async function createFixtureConfig(
  db: Db,
  world: ImportWorld,
  overrides: Partial<ImportConfigValues> = {},
): Promise<string> {
  return insertImportConfig(db, {
    title: 'Lieferantenkatalog',
    description: 'Katalog mit Maßen in mm und Gewichten in g',
    manufacturerId: null,
    wholesalerId: null,
    defaultUnitId: world.piece.id,
    filename: 'katalog-semikolon.csv',
    samplePath: null,
    headers: FIXTURE_MAPPING.map((entry) => entry.importHeader),
    headerRowIndex: 1,
    fieldMapping: FIXTURE_MAPPING,
    unitWidth: 'MM',
    unitHeight: 'MM',
    unitDepth: 'MM',
    unitWeight: 'G',
    ...overrides,
  });
}

/**
 * POST /api/article/import: the configuration first, then the file. The import tests write at once (an API
 * client's `preview=false`); `preview: true` sends no such field, as the browser does (it shows the preview first).
 */
export function postImport(
  context: TestContext,
  session: Session | null,
  configId: string,
  fileName: string,
  content: Buffer | string,
  options: { preview?: boolean } = {},
) {
  const form = multipartForm([
    { name: 'importConfigId', value: configId },
    ...(options.preview ? [] : [{ name: 'preview', value: 'false' }]),
    { name: 'file', filename: fileName, content },
  ]);
  return as(context.app, session, { method: 'POST', url: '/api/article/import', ...form });
}

export async function articlesOf(db: Db, manufacturerId: string) {
  return db
    .select()
    .from(articles)
    .where(eq(articles.manufacturerId, manufacturerId))
    .orderBy(articles.orderNumber);
}

export async function wholesalerInfosOf(db: Db, articleId: string) {
  return db.select().from(articleWholesalerInfos).where(eq(articleWholesalerInfos.articleId, articleId));
}

export { createWholesaler };

/** The header row of the generated supplier catalogs of the import tests (the fixture configuration's columns). */
export const CATALOG_HEADER =
  'Hersteller;Bestellnummer;Herstellernummer;Bezeichnung;Einheit;Breite (mm);Höhe (mm);Tiefe (mm);Gewicht (g);Listenpreis;Einkaufspreis';

/**
 * The setup of an import test file: a fresh app with an import world and its fixture configuration, handed
 * to `use` once; before each test the queued jobs are run and runs, articles and `alsoEmpty` are emptied.
 */
export function useImportWorld(
  use: (setup: { context: TestContext; world: ImportWorld; configId: string }) => void,
  alsoEmpty: PgTable[] = [],
): void {
  let context: TestContext | undefined;
  beforeAll(async () => {
    context = await createTestApp();
    const world = await createImportWorld(context);
    use({ context, world, configId: await createFixtureConfig(context.db, world) });
  });
  afterAll(async () => {
    await context?.close();
  });
  beforeEach(async () => {
    const { db } = context!;
    await context!.drainJobs();
    await db.delete(articleImportRuns);
    await db.delete(articles);
    for (const table of alsoEmpty) await db.delete(table);
  });
}
