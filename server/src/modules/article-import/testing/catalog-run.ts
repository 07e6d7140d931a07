import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Database, openPglite } from '../../../db/client';
import { runMigrations } from '../../../db/migrate';
import { articles, articleWholesalerInfos } from '../../../db/schema';
import type { FileStorage } from '../../../files/storage';
import { createManufacturer, createWholesaler } from '../../../test/master-data-factories';
import { createTestDatabase, testDatabaseKind } from '../../../test/test-db';
import { insertImportConfig } from '../../import-config';
import { findRun, insertRun } from '../import-run.repository';

/** A generated catalog for the tests of committing, ending and killing an import. */

export const ROWS = 20_000;
export const silent = { info: () => {}, error: () => {} };

/** A catalog of ROWS articles: order numbers K-00001 … with a wholesaler price each. */
function catalog(): string {
  const lines = ['Bestellnummer;Bezeichnung;Preis'];
  for (let index = 1; index <= ROWS; index++)
    lines.push(`K-${String(index).padStart(5, '0')};Artikel ${index};${index},50`);
  return `${lines.join('\n')}\n`;
}

export async function queueRun(db: Database['db'], files: FileStorage, configId: string) {
  const filePath = `articleImport/${Math.random().toString(16).slice(2)}/katalog.csv`;
  await files.save(filePath, Readable.from([catalog()]));
  return insertRun(db, { configId, configTitle: 'Katalog', fileName: 'katalog.csv', filePath });
}

export async function seedConfig(db: Database['db']) {
  const manufacturer = await createManufacturer(db, { displayName: 'Rittal' });
  const wholesaler = await createWholesaler(db, { displayName: 'Großhandel Nord' });
  const configId = await insertImportConfig(db, {
    title: 'Katalog',
    description: 'Absturztest',
    manufacturerId: manufacturer.id,
    wholesalerId: wholesaler.id,
    defaultUnitId: null,
    filename: null,
    samplePath: null,
    headers: ['Bestellnummer', 'Bezeichnung', 'Preis'],
    headerRowIndex: 1,
    fieldMapping: [
      { importHeader: 'Bestellnummer', articleField: 'orderNumber' },
      { importHeader: 'Bezeichnung', articleField: 'description' },
      { importHeader: 'Preis', articleField: 'wholesalerPurchasePrice' },
    ],
    unitWidth: 'CM',
    unitHeight: 'CM',
    unitDepth: 'CM',
    unitWeight: 'KG',
  });
  return { manufacturer, configId };
}

/** Every article in the catalog is complete (with its wholesaler price) and exactly the committed prefix. */
export async function expectConsistent(db: Database['db'], runId: string) {
  const run = (await findRun(db, runId))!;
  const imported = await db
    .select({ orderNumber: articles.orderNumber, price: articleWholesalerInfos.purchasePrice })
    .from(articles)
    .leftJoin(articleWholesalerInfos, eq(articleWholesalerInfos.articleId, articles.id))
    .orderBy(articles.orderNumber);
  expect(imported).toHaveLength(run.createdCount);
  expect(run.lastCommittedLine).toBe(run.createdCount + 1);
  imported.forEach((article, index) => {
    expect(article).toEqual({ orderNumber: `K-${String(index + 1).padStart(5, '0')}`, price: index + 1.5 });
  });
  return run;
}

/**
 * Starts the import in another process (testing/import-child.ts, `mode` "chunks" or "rebuild") and SIGKILLs
 * it as soon as `kill(output)` holds for what it printed; resolves with that output.
 */
export function killWhen(
  target: string,
  filesDir: string,
  runId: string,
  kill: (output: string) => boolean,
  mode: 'chunks' | 'rebuild' = 'chunks',
) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'import-child.ts');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', script, target, filesDir, runId, mode],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (kill(output)) child.kill('SIGKILL');
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(output) : reject(new Error(output))));
  });
}

/**
 * A fresh database that an import child process can open too: PostgreSQL by URL, PGlite by directory.
 * PGlite is single-process: `handOver` closes it here while the child works, `takeBack` opens it again.
 */
export async function sharedDatabase(temporary: string) {
  const postgres = testDatabaseKind() === 'postgres';
  const directory = path.join(temporary, 'db');
  let database = postgres ? await createTestDatabase() : await openPglite(directory);
  if (!postgres) await runMigrations(database);
  let target = directory;
  if (postgres) {
    const [row] = (await database.executeSql('select current_database() as name')).rows;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    target = url.toString();
  }
  return {
    target,
    get database() {
      return database;
    },
    async handOver() {
      if (!postgres) await database.close();
    },
    async takeBack() {
      if (!postgres) database = await openPglite(directory);
      return database;
    },
  };
}
