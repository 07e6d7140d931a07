import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { createDraft, enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import { BOM_SEEDS, FIXTURES, FUZZ_RUNS, type FuzzFile, fuzzCase, fuzzFile } from '../../test/file-fuzz';
import { as, type Session } from '../../test/test-app';

/**
 * The BOM routes never answer 5xx for a broken file: the upload of the enquiry's BOM and of the operator's
 * BOM import, and "Kopfzeile übernehmen" and "Zuordnung speichern", which read the stored file again (its
 * content broken after the first bytes were checked). Afterwards a sound BOM still maps.
 */

const world = useEnquiryWorld();
const api = enquiryApi(world);

const app = () => world().ctx.app;
const READERS = ['.xlsx', '.xls', '.csv'] as const;
const seedFor = (extension: string) =>
  ({ '.xlsx': FIXTURES.bomXlsx, '.xls': FIXTURES.bomXls, '.csv': FIXTURES.bomCsv })[extension] ??
  FIXTURES.bomXlsx;

interface BomView {
  headerRowIndex: number;
  headers: string[];
  proposedMapping: { importHeader: string; bomField: string }[];
}

/** A mapping that fits the stored headers: the proposal when it names a number, else the first column. */
function mappingFor(bom: BomView) {
  const numbers = bom.proposedMapping.filter((entry) => entry.bomField !== 'isSuppliedPart');
  const fieldMapping = numbers.some((entry) => ['orderNumber', 'manufacturerNumber'].includes(entry.bomField))
    ? numbers
    : [{ importHeader: bom.headers[0] ?? 'Bestellnummer', bomField: 'orderNumber' }];
  return { headerRowIndex: bom.headerRowIndex, fieldMapping };
}

const enquiryBom = {
  upload: (session: Session, enquiryId: string, file: { name: string; content: Buffer }) =>
    as(app(), session, {
      method: 'POST',
      url: '/api/enquiry/bom/upload',
      ...multipartForm([
        { name: 'enquiryId', value: enquiryId },
        { name: 'file', filename: file.name, content: file.content },
      ]),
    }),
  header: (session: Session, enquiryId: string, headerRowIndex: number) =>
    as(app(), session, {
      method: 'POST',
      url: '/api/enquiry/bom/header',
      payload: { enquiryId, headerRowIndex },
    }),
  map: (session: Session, enquiryId: string, bom: BomView) =>
    as(app(), session, {
      method: 'POST',
      url: '/api/enquiry/bom/map',
      payload: { enquiryId, ...mappingFor(bom) },
    }),
  info: async (session: Session, enquiryId: string): Promise<BomView> =>
    (await as(app(), session, { method: 'GET', url: `/api/enquiry/bom/info?enquiryId=${enquiryId}` })).json(),
};

const adminBom = {
  upload: (file: { name: string; content: Buffer }) =>
    as(app(), world().operator, {
      method: 'POST',
      url: '/api/admin/bom/upload',
      ...multipartForm([{ name: 'file', filename: file.name, content: file.content }]),
    }),
  header: (id: string, headerRowIndex: number) =>
    as(app(), world().operator, {
      method: 'POST',
      url: '/api/admin/bom/header',
      payload: { id, headerRowIndex },
    }),
  map: (id: string, bom: BomView) =>
    as(app(), world().operator, {
      method: 'POST',
      url: '/api/admin/bom/map',
      payload: { id, ...mappingFor(bom) },
    }),
  load: async (id: string): Promise<BomView> =>
    (await as(app(), world().operator, { method: 'GET', url: `/api/admin/bom/?id=${id}` })).json(),
};

/** The one stored file under `folder` of the storage (its generated name). */
function storedFile(folder: string): string {
  const directory = path.join(world().ctx.filesDir, folder);
  const [name, ...more] = readdirSync(directory);
  if (!name || more.length > 0) throw new Error(`expected one file in ${folder}`);
  return path.join(directory, name);
}

const headerRow = fc.integer({ min: 1, max: 4 });

describe('the enquiry BOM with broken files', () => {
  it('answers every upload below 500', async () => {
    const customer = world().customer;
    const enquiryId = await createDraft(api, customer);
    await fc.assert(
      fc.asyncProperty(fuzzFile(BOM_SEEDS), async (file) => {
        const response = await enquiryBom.upload(customer, enquiryId, file);
        expect(response.statusCode, fuzzCase(file, response)).toBeLessThan(500);
      }),
      FUZZ_RUNS,
    );
    const sound = await enquiryBom.upload(customer, enquiryId, FIXTURES.bomXlsx);
    expect(sound.statusCode, sound.body).toBe(200);
    expect((await enquiryBom.map(customer, enquiryId, sound.json())).statusCode).toBe(200);
  });

  it('answers header row and mapping below 500 when the stored file is broken', async () => {
    const customer = world().customer;
    const drafts = new Map<string, { id: string; file: string }>();
    for (const extension of READERS) {
      const id = await createDraft(api, customer);
      const uploaded = await enquiryBom.upload(customer, id, seedFor(extension));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      drafts.set(extension, { id, file: storedFile(path.join('enquiry', id, 'bom')) });
    }
    const draftFor = (file: FuzzFile) =>
      drafts.get(path.extname(file.name).toLowerCase()) ??
      (drafts.get('.xlsx') as { id: string; file: string });
    await fc.assert(
      fc.asyncProperty(fuzzFile(BOM_SEEDS), headerRow, async (file, row) => {
        const draft = draftFor(file);
        writeFileSync(draft.file, file.content);
        const header = await enquiryBom.header(customer, draft.id, row);
        expect(header.statusCode, fuzzCase(file, header)).toBeLessThan(500);
        const map = await enquiryBom.map(customer, draft.id, await enquiryBom.info(customer, draft.id));
        expect(map.statusCode, fuzzCase(file, map)).toBeLessThan(500);
      }),
      FUZZ_RUNS,
    );
    const { id, file } = drafts.get('.xlsx') as { id: string; file: string };
    writeFileSync(file, FIXTURES.bomXlsx.content);
    const header = await enquiryBom.header(customer, id, 3);
    expect(header.statusCode, header.body).toBe(200);
    expect((await enquiryBom.map(customer, id, header.json())).statusCode).toBe(200);
  });
});

describe('the BOM import with broken files', () => {
  it('answers every upload below 500', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzFile(BOM_SEEDS), async (file) => {
        const response = await adminBom.upload(file);
        expect(response.statusCode, fuzzCase(file, response)).toBeLessThan(500);
      }),
      FUZZ_RUNS,
    );
    const sound = await adminBom.upload(FIXTURES.bomXlsx);
    expect(sound.statusCode, sound.body).toBe(200);
    expect((await adminBom.map(sound.json().id, sound.json())).statusCode).toBe(200);
  });

  it('answers header row and mapping below 500 when the stored file is broken', async () => {
    const results = new Map<string, { id: string; file: string }>();
    for (const extension of READERS) {
      const uploaded = await adminBom.upload(seedFor(extension));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const id = uploaded.json().id as string;
      results.set(extension, { id, file: storedFile(path.join('admin-bom', id)) });
    }
    const resultFor = (file: FuzzFile) =>
      results.get(path.extname(file.name).toLowerCase()) ??
      (results.get('.xlsx') as { id: string; file: string });
    await fc.assert(
      fc.asyncProperty(fuzzFile(BOM_SEEDS), headerRow, async (file, row) => {
        const result = resultFor(file);
        writeFileSync(result.file, file.content);
        const header = await adminBom.header(result.id, row);
        expect(header.statusCode, fuzzCase(file, header)).toBeLessThan(500);
        const map = await adminBom.map(result.id, await adminBom.load(result.id));
        expect(map.statusCode, fuzzCase(file, map)).toBeLessThan(500);
      }),
      FUZZ_RUNS,
    );
    const { id, file } = results.get('.xlsx') as { id: string; file: string };
    writeFileSync(file, FIXTURES.bomXlsx.content);
    const header = await adminBom.header(id, 3);
    expect(header.statusCode, header.body).toBe(200);
    expect((await adminBom.map(id, header.json())).statusCode).toBe(200);
  });
});
