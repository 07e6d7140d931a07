import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAuth } from './auth/better-auth';
import type { Config } from './config';
import { ensureAuthSecret } from './db/app-meta';
import { type Database, openPglite, openPostgres } from './db/client';
import { acquireDataDirLock } from './db/lock';
import { runMigrations } from './db/migrate';
import { seedDemoData } from './db/seed/demo';

export interface Runtime {
  database: Database;
  auth: ReturnType<typeof createAuth>;
  seeded: boolean;
  release: () => Promise<void>;
}

/** The built SPA: `web/dist` beside this package, seen from `src/` (tsx) and from `dist/` (bundle) alike. */
export function defaultWebDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');
}

export function publicBaseUrl(config: Config): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/** Opens the database (PGlite under a lock, or PostgreSQL), migrates, seeds and creates the identity core. */
export async function openRuntime(config: Config): Promise<Runtime> {
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  let database: Database;
  try {
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite(path.join(config.dataDir, 'db'));
  } catch (error) {
    releaseLock();
    throw error;
  }
  try {
    await runMigrations(database);
    const secret = config.authSecret ?? (await ensureAuthSecret(database.db));
    const auth = createAuth({ db: database.db, secret, baseUrl: publicBaseUrl(config) });
    const seeded = config.seedDemo ? await seedDemoData(database.db) : false;
    return {
      database,
      auth,
      seeded,
      async release() {
        await database.close();
        releaseLock();
      },
    };
  } catch (error) {
    await database.close();
    releaseLock();
    throw error;
  }
}
