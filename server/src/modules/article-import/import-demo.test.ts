import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, importConfigs } from '../../db/schema';
import { DEMO_SAMPLE_PATH, ensureDemoImportSample, seedImportConfigs } from '../../seed/import-config';
import { seedMasterData } from '../../seed/master-data';
import { createActor } from '../../test/factories';
import { postImport } from '../../test/import-world';
import { createTestApp, signIn, type TestContext } from '../../test/test-app';

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

describe('the demo import configuration', () => {
  it('comes with its sample file, and that file imports cleanly', async () => {
    await context.db.transaction(async (tx) => {
      await seedMasterData(tx);
      await seedImportConfigs(tx);
    });
    await ensureDemoImportSample(context.files);
    await ensureDemoImportSample(context.files);
    const [config] = await context.db.select().from(importConfigs);
    expect(config).toMatchObject({
      title: 'Weidmüller Preisliste (CSV)',
      samplePath: DEMO_SAMPLE_PATH,
      unitWeight: 'G',
    });
    const sample = await text(await context.files.open(DEMO_SAMPLE_PATH));

    const operator = await createActor(context.db, 'ADMIN', { admin: true });
    const session = await signIn(context.app, operator.user.email);
    const started = await postImport(context, session, config!.id, 'Weidmueller-Preisliste-2024.csv', sample);
    expect(started.statusCode, started.body).toBe(201);
    await context.drainJobs();
    const imported = await context.db
      .select()
      .from(articles)
      .where(eq(articles.manufacturerId, config!.manufacturerId!));
    expect(imported).toHaveLength(12);
    expect(imported.find((article) => article.orderNumber === '1469490000')).toMatchObject({
      manufacturerNumber: 'PRO ECO 120W 24V 5A',
      width: 4,
      height: 12.5,
      weight: 0.5,
      listPrice: 118.5,
      unitId: config!.defaultUnitId,
      articleImportSource: 'CSV',
    });
  });
});
