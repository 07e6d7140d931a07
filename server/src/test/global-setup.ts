import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openPglite, openPostgres } from '../db/client';
import { runMigrations } from '../db/migrate';

/**
 * Every route test file starts on a fresh, migrated database (test-db.ts). Opening and migrating one costs
 * seconds on PGlite (initdb in WebAssembly) and a second on PostgreSQL, 150 times per run; the migrated
 * database is made once here and each file starts from a copy: PostgreSQL's CREATE DATABASE … TEMPLATE, and
 * PGlite's data directory dump loaded into memory.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `portal_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    // Two connections: runMigrations holds the migration lock on one and migrates on the other.
    const database = await openPostgres(templateUrl.toString(), { max: 2 });
    await runMigrations(database);
    await database.close();
    project.provide('postgresTemplate', name);
    return async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    };
  }
  const database = await openPglite();
  await runMigrations(database);
  const dump = await dumpPglite(database);
  await database.close();
  const file = path.join(
    os.tmpdir(),
    `portal-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
  );
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database each test database is created from. */
    postgresTemplate?: string;
    /** The migrated PGlite data directory (a tar dump) each in-memory test database is loaded from. */
    pgliteTemplate?: string;
  }
}
