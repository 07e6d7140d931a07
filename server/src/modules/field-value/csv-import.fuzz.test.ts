import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDiscountGroup,
  createEclassEntry,
  createManufacturer,
  createWholesaler,
} from '../../test/factories';
import { createFieldValueSessions, type FieldValueSessions } from '../../test/field-value-sessions';
import { BOM_SEEDS, FIXTURES, FUZZ_RUNS, type FuzzSeed, fuzzCase, fuzzFile } from '../../test/file-fuzz';
import { multipartFile } from '../../test/multipart';
import { as, createTestApp, type TestContext } from '../../test/test-app';

/**
 * The CSV imports of master data (discount groups, E-Class) never answer 5xx for a broken file. The seeds
 * are the portal's own exports, the file an operator edits and imports again; afterwards the untouched
 * export still imports.
 */

let ctx: TestContext;
let s: FieldValueSessions;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await createFieldValueSessions(ctx.app, ctx.db);
  const siemens = await createManufacturer(ctx.db, { displayName: 'Siemens' });
  const sonepar = await createWholesaler(ctx.db, { displayName: 'Sonepar Deutschland' });
  await createDiscountGroup(ctx.db, {
    manufacturerId: siemens.id,
    displayName: 'Schütze "3RT", Baugröße S00',
    nameVariants: ['3RT2', 'Schütze; klein'],
    percent: 38.5,
    wholesalerDiscounts: [{ wholesalerId: sonepar.id, percent: 40 }],
  });
  await createEclassEntry(ctx.db, { eclassNumber: '27371101', description: 'Schütz', workTime: 12 });
});
afterAll(() => ctx.close());

async function exported(url: string, name: string): Promise<FuzzSeed> {
  const response = await as(ctx.app, s.admin, { method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return { name, content: response.rawPayload };
}

const importCsv = (url: string, file: { name: string; content: Buffer }) =>
  as(ctx.app, s.admin, { method: 'POST', url, ...multipartFile(file.content, { filename: file.name }) });

describe.each([
  ['/api/discountgroup', 'rabattgruppen.csv'],
  ['/api/eclass', 'eclass.csv'],
])('%s/import with broken files', (base, name) => {
  it('answers below 500', async () => {
    const seed = await exported(`${base}/export`, name);
    await fc.assert(
      fc.asyncProperty(fuzzFile([seed], [FIXTURES.pdf, FIXTURES.catalogXlsx, ...BOM_SEEDS]), async (file) => {
        const response = await importCsv(`${base}/import`, file);
        expect(response.statusCode, fuzzCase(file, response)).toBeLessThan(500);
      }),
      FUZZ_RUNS,
    );
    expect((await importCsv(`${base}/import`, seed)).statusCode).toBe(200);
  });
});
