import { Readable } from 'node:stream';
import { createReadStream } from 'node:fs';
import { openPostgres, openPglite } from './db/client';
import { runMigrations } from './db/migrate';
import { seedMasterData } from './db/seed/master-data';
import { createLocalStorage } from './files/local-storage';
import { insertImportConfig } from './modules/import-config/import-config.repository';
import { insertRun } from './modules/article-import/import-run.repository';
import { runArticleImport } from './modules/article-import/import-runner';
import pg from 'pg';

const file = process.argv[2]!;
const kind = process.argv[3] ?? 'pg';
const name = `scratch_${Date.now()}`;
let database;
if (kind === 'pg') {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect(); await admin.query(`CREATE DATABASE ${name}`); await admin.end();
  database = await openPostgres(`postgres://postgres@127.0.0.1:5432/${name}`);
} else database = await openPglite();
await runMigrations(database);
await database.db.transaction((tx) => seedMasterData(tx));
const files = createLocalStorage('/tmp/scratch-files');
const headers = ['Hersteller','Bestellnummer','Herstellernummer','Kurztext','Einheit','Listenpreis','Einkaufspreis','Breite (mm)','Höhe (mm)','Tiefe (mm)','Gewicht (g)','EAN','Zolltarifnummer','Ursprungsland','Lieferzeit','VPE'];
const fields = ['manufacturer','orderNumber','manufacturerNumber','description','unit','listPrice','purchasePrice','width','height','depth','weight','eanNumber','customsTarifNumber','countryOfOriginAbbreviation','deliveryTime','packagingUnitSize'];
const configId = await insertImportConfig(database.db, { title: 'b', description: 'b', manufacturerId: null, wholesalerId: null, defaultUnitId: null, filename: null, samplePath: null, headers, headerRowIndex: 1, fieldMapping: headers.map((h, i) => ({ importHeader: h, articleField: fields[i] as never })), unitWidth: 'MM', unitHeight: 'MM', unitDepth: 'MM', unitWeight: 'G' });
for (let round = 0; round < 2; round++) {
  const filePath = `articleImport/x${round}/${file.split('/').pop()}`;
  await files.save(filePath, createReadStream(file));
  const run = await insertRun(database.db, { configId, configTitle: 'b', fileName: file.split('/').pop()!, filePath });
  const t = performance.now();
  const state = await runArticleImport({ database, files, log: { info: console.log, error: console.error } }, run.id, { afterBatch: (b) => { if (process.env.VERBOSE) console.log('batch', b.number, b.lastLine, Math.round(performance.now() - t)); } });
  console.log(kind, 'round', round, state, Math.round(performance.now() - t), 'ms');
}
await database.close();
if (kind === 'pg') { const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' }); await admin.connect(); await admin.query(`DROP DATABASE ${name} WITH (FORCE)`); await admin.end(); }
