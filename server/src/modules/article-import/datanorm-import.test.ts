import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { discountGroupNames, discountGroups, discountGroupWholesalerDiscounts } from '../../db/schema';
import { multipartForm } from '../../files/testing/multipart-form';
import { articlesOf, createFixtureConfig, type ImportWorld, useImportWorld } from '../../test/import-world';
import { createDiscountGroup } from '../../test/master-data-factories';
import { as, type Session, type TestContext } from '../../test/test-app';

/**
 * A wholesaler's DATANORM delivery through the article import's upload: the article file with the import
 * configuration that names the manufacturer DATANORM 4 leaves out, and the group files beside it (.RAB into
 * the discount groups of that manufacturer as the wholesaler's discounts, .WRG read and skipped).
 */

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../files/catalogs/fixtures/${name}`, import.meta.url)));

let context: TestContext;
let world: ImportWorld;
/** Names Weidmüller and the wholesaler (the article file's and the discount groups' owners). */
let configId: string;
/** Names Weidmüller only. */
let manufacturerOnlyId: string;

useImportWorld(
  (setup) => {
    ({ context, world } = setup);
  },
  [discountGroupWholesalerDiscounts, discountGroupNames, discountGroups],
);

beforeAll(async () => {
  configId = await createFixtureConfig(context.db, world, {
    title: 'Großhandel Süd DATANORM',
    manufacturerId: world.weidmueller.id,
    wholesalerId: world.wholesaler.id,
  });
  manufacturerOnlyId = await createFixtureConfig(context.db, world, {
    title: 'Weidmüller ohne Großhändler',
    manufacturerId: world.weidmueller.id,
  });
});

function post(
  session: Session | null,
  fileName: string,
  content: Buffer,
  options: { configId?: string; preview?: boolean } = {},
) {
  const form = multipartForm([
    ...(options.configId ? [{ name: 'importConfigId', value: options.configId }] : []),
    ...(options.preview ? [] : [{ name: 'preview', value: 'false' }]),
    { name: 'file', filename: fileName, content },
  ]);
  return as(context.app, session, { method: 'POST', url: '/api/article/import', ...form });
}

const request = (method: 'GET' | 'POST', url: string) => as(context.app, world.admin, { method, url });

async function groupsOfWeidmueller() {
  const groups = await context.db
    .select({
      id: discountGroups.id,
      displayName: discountGroups.displayName,
      percent: discountGroups.percent,
    })
    .from(discountGroups)
    .where(eq(discountGroups.manufacturerId, world.weidmueller.id))
    .orderBy(discountGroups.displayName);
  const discounts = await context.db.select().from(discountGroupWholesalerDiscounts);
  return groups.map((group) => ({
    displayName: group.displayName,
    percent: Number(group.percent),
    wholesaler: discounts
      .filter((discount) => discount.discountGroupId === group.id)
      .map((discount) => Number(discount.percent)),
  }));
}

describe('a DATANORM 4 article file with an import configuration', () => {
  it('takes the configuration’s manufacturer for its articles (DATANORM 4 names none)', async () => {
    const started = await post(world.admin, 'DATANORM.001', fixture('datanorm4-cp850.001'), {
      configId,
      preview: true,
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().run).toMatchObject({ configId, configTitle: 'DATANORM-Datei' });
    await context.drainJobs();
    const previewed = (await request('GET', '/api/article/import/preview')).json().preview;
    expect(previewed.created).toBeGreaterThan(0);
    expect(previewed.refusedByKind.map((refusal: { kind: string }) => refusal.kind)).not.toContain(
      'NO_MANUFACTURER',
    );
    expect((await request('POST', '/api/article/import/confirm')).statusCode).toBe(200);
    await context.drainJobs();
    const written = await articlesOf(context.db, world.weidmueller.id);
    expect(written.map((article) => article.orderNumber)).toContain('1SAM250000R1001');
  });

  it('refuses every article without a configuration, saying why', async () => {
    const started = await post(world.admin, 'DATANORM.001', fixture('datanorm4-cp850.001'), {
      preview: true,
    });
    expect(started.statusCode, started.body).toBe(201);
    await context.drainJobs();
    const previewed = (await request('GET', '/api/article/import/preview')).json().preview;
    expect(previewed.created).toBe(0);
    expect(previewed.refusedByKind[0]).toMatchObject({ kind: 'NO_MANUFACTURER' });
    expect((await request('GET', '/api/article/import/abort')).statusCode).toBe(200);
  });
});

describe('DATANORM.RAB and DATANORM.WRG through the article import', () => {
  it('401 without a session, 403 for a customer', async () => {
    expect((await post(null, 'DATANORM.RAB', fixture('datanorm4-cp850.rab'), { configId })).statusCode).toBe(
      401,
    );
    const refused = await post(world.customer, 'DATANORM.RAB', fixture('datanorm4-cp850.rab'), { configId });
    expect(refused.statusCode).toBe(403);
  });

  it('creates the discount groups with the wholesaler’s discounts and changes nothing the second time', async () => {
    const started = await post(world.admin, 'DATANORM.RAB', fixture('datanorm4-cp850.rab'), { configId });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({
      running: false,
      run: {
        state: 'SUCCEEDED',
        configTitle: 'DATANORM-Rabattgruppen',
        processedRows: 4,
        createdCount: 4,
        updatedCount: 0,
        warning: false,
      },
    });
    expect(await groupsOfWeidmueller()).toEqual([
      { displayName: 'RG10', percent: 25, wholesaler: [25] },
      { displayName: 'RG11', percent: 12.5, wholesaler: [12.5] },
      { displayName: 'RG12', percent: 20, wholesaler: [20] },
      { displayName: 'RG13', percent: 0, wholesaler: [0] },
    ]);
    const again = await post(world.admin, 'DATANORM.RAB', fixture('datanorm4-cp850.rab'), { configId });
    expect(again.json().run).toMatchObject({ createdCount: 0, updatedCount: 0, unchangedCount: 4 });
    const history = (await request('GET', '/api/article/import/runs')).json();
    expect(history.totalElements).toBe(2);
  });

  it('finds a group by its name variant and sets the wholesaler’s discount beside the group’s own percent', async () => {
    await createDiscountGroup(context.db, {
      manufacturerId: world.weidmueller.id,
      displayName: 'Schütze',
      nameVariants: ['RG10'],
      percent: 5,
    });
    const started = await post(world.admin, 'DATANORM.RAB', fixture('datanorm4-cp850.rab'), { configId });
    expect(started.json().run).toMatchObject({ createdCount: 3, updatedCount: 1 });
    expect((await groupsOfWeidmueller()).find((group) => group.displayName === 'Schütze')).toEqual({
      displayName: 'Schütze',
      percent: 5,
      wholesaler: [25],
    });
  });

  it('sets the groups’ own percent when the configuration names no wholesaler (DATANORM 5)', async () => {
    const started = await post(world.admin, 'DATANORM.RAB', fixture('datanorm5-cp850.rab'), {
      configId: manufacturerOnlyId,
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(await groupsOfWeidmueller()).toEqual([
      { displayName: 'RG10', percent: 30, wholesaler: [] },
      { displayName: 'RG14', percent: 10, wholesaler: [] },
    ]);
  });

  it('400 for a .RAB without a configuration naming the manufacturer', async () => {
    const refused = await post(world.admin, 'DATANORM.RAB', fixture('datanorm4-cp850.rab'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Importkonfiguration mit Hersteller');
    expect(await groupsOfWeidmueller()).toEqual([]);
  });

  it('417 naming the line for a surcharge or a record of another kind; nothing is written', async () => {
    const refused = await post(world.admin, 'DATANORM.RAB', fixture('datanorm4-bad.rab'), { configId });
    expect(refused.statusCode).toBe(417);
    expect(refused.json().message).toBe(
      'Zeile 3: Teuerungszuschläge (Rabattkennzeichen 3) nimmt das Portal nicht als Rabatt. (und 1 weitere Zeile) Die Datei wurde nicht übernommen.',
    );
    expect(await groupsOfWeidmueller()).toEqual([]);
    expect((await request('GET', '/api/article/import/runs')).json().totalElements).toBe(0);
  });

  it('reads a .WRG and reports its product groups as skipped', async () => {
    const started = await post(world.admin, 'DATANORM.WRG', fixture('datanorm4-cp850.wrg'));
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().run).toMatchObject({
      state: 'SUCCEEDED',
      configTitle: 'DATANORM-Warengruppen',
      processedRows: 5,
      createdCount: 0,
      warning: true,
      message: '5 Warengruppen gelesen und übersprungen: Das Portal führt keine Warengruppen am Artikel.',
    });
  });

  it('never answers 5xx for a group file with arbitrary records after its header', async () => {
    const header = fixture('datanorm4-cp850.rab').subarray(0, 130);
    const field = fc.stringMatching(/^[0-9A-Za-zäöü ,.;-]{0,8}$/);
    const line = fc.tuple(fc.constantFrom('R', 'S', 'A', 'R;', ''), fc.array(field, { maxLength: 7 }));
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 6 }), fc.boolean(), async (lines, rab) => {
        const body = lines.map(([kind, fields]) => [kind, ...fields].join(';')).join('\r\n');
        const content = Buffer.concat([header, Buffer.from(body, 'latin1')]);
        const response = await post(world.admin, rab ? 'DATANORM.RAB' : 'DATANORM.WRG', content, {
          configId,
        });
        expect(response.statusCode, `${response.body}\n${body}`).toBeLessThan(500);
      }),
      { numRuns: 60, seed: 42 },
    );
  });
});
