import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** The migrations folder sits next to this module in src/ and is copied next to the bundle in dist/. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((candidate) => existsSync(path.join(candidate, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrationen nicht gefunden (gesucht in ${candidates.join(', ')})`);
  return found;
}

/** The name of the lock every server process migrates under (see `Database.exclusively`). */
export const MIGRATION_LOCK = 'portal:migrations';

/**
 * Brings the schema up to date. Several processes may start at once (also on an empty database, or in a
 * rolling deploy with a new migration): one migrates, the others wait for the lock and then find nothing
 * left to do, instead of failing on half-created tables.
 */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  // biome-ignore lint/suspicious/noExplicitAny: both migrators take the driver-specific handle behind Db
  const db = database.db as any;
  await database.exclusively(MIGRATION_LOCK, async () => {
    if (database.kind === 'pglite') await migratePglite(db, config);
    else await migrateNodePg(db, config);
  });
}
