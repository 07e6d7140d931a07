import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { CATALOG_SEEDS, FIXTURES, FUZZ_RUNS, fuzzCase, fuzzFile } from '../../test/file-fuzz';
import { type ImportWorld, postImport, useImportWorld } from '../../test/import-world';
import { as, type TestContext } from '../../test/test-app';

/**
 * The catalog file routes never answer 5xx for a broken file: the article import (its start reads the
 * header, the background run reads the rest; a run that cannot read its file ends, it never stays
 * running) and the sample of an import configuration. Afterwards a sound catalog still imports.
 */

let context: TestContext;
let world: ImportWorld;
let configId: string;

useImportWorld((setup) => {
  ({ context, world, configId } = setup);
});

const status = () => as(context.app, world.admin, { method: 'GET', url: '/api/article/import' });

describe('catalog files, broken', () => {
  it('article import: every start below 500, every run ends', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzFile(CATALOG_SEEDS), async (file) => {
        const response = await postImport(context, world.admin, configId, file.name, file.content);
        expect(response.statusCode, fuzzCase(file, response)).toBeLessThan(500);
        if (response.statusCode !== 201) return;
        await context.drainJobs();
        const after = await status();
        expect(after.statusCode, fuzzCase(file, after)).toBe(200);
        expect(after.json().running, fuzzCase(file, after)).toBe(false);
      }),
      FUZZ_RUNS,
    );
    const sound = await postImport(
      context,
      world.admin,
      configId,
      FIXTURES.catalogCsv.name,
      FIXTURES.catalogCsv.content,
    );
    expect(sound.statusCode, sound.body).toBe(201);
    await context.drainJobs();
    expect((await status()).json()).toMatchObject({ running: false, run: { state: 'SUCCEEDED' } });
  });

  it('import configuration: reading the headers of a sample below 500', async () => {
    const readHeaders = (file: { name: string; content: Buffer }, row: number) =>
      as(context.app, world.admin, {
        method: 'POST',
        url: '/api/import/config/header',
        ...multipartForm([
          { name: 'headerRowIndex', value: String(row) },
          { name: 'file', filename: file.name, content: file.content },
        ]),
      });
    await fc.assert(
      fc.asyncProperty(fuzzFile(CATALOG_SEEDS), fc.integer({ min: 1, max: 4 }), async (file, row) => {
        const response = await readHeaders(file, row);
        expect(response.statusCode, fuzzCase(file, response)).toBeLessThan(500);
      }),
      FUZZ_RUNS,
    );
    expect((await readHeaders(FIXTURES.catalogXlsx, 1)).statusCode).toBe(200);
  });
});
