import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_JOBS } from './all-jobs';
import { createAuth } from './auth/better-auth';
import type { Config } from './config';
import { ensureAuthSecret } from './db/app-meta';
import { type Database, openPgliteThread, openPostgres } from './db/client';
import { acquireDataDirLock } from './db/lock';
import { runMigrations } from './db/migrate';
import { createStorage, type FileStorage } from './files';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { createMailer, type Mailer } from './mail/mailer';
import { recoverInterruptedImports } from './modules/article-import';
import { ensureDemoChat } from './seed/conversations';
import { seedDemoData } from './seed/demo';
import { ensureDemoEnquiryFiles } from './seed/enquiries';
import { ensureDemoBoms } from './seed/enquiry-boms';
import { ensureDemoFolder } from './seed/folders';
import { ensureDemoImportSample } from './seed/import-config';
import { ensureDemoOffers } from './seed/offers';

export interface Runtime {
  database: Database;
  auth: ReturnType<typeof createAuth>;
  seeded: boolean;
  queue: JobQueue;
  mailer: Mailer;
  files: FileStorage;
  release: () => Promise<void>;
}

/** The built SPA: `web/dist` beside this package, seen from `src/` (tsx) and from `dist/` (bundle) alike. */
export function defaultWebDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');
}

export function publicBaseUrl(config: Config): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/**
 * Opens the database of `config`: PostgreSQL, or PGlite in DATA_DIR under its lock (one process at a time,
 * the server or a command such as create-admin). `releaseLock` after closing the database.
 */
export async function openDatabase(config: Config): Promise<{ database: Database; releaseLock: () => void }> {
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  try {
    const database = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : // On a thread of its own: the event loop stays free for requests while PGlite computes.
        await openPgliteThread(path.join(config.dataDir, 'db'));
    return { database, releaseLock };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Opens the database (PGlite under a lock, or PostgreSQL), migrates, seeds and creates the identity core. */
export async function openRuntime(config: Config): Promise<Runtime> {
  const { database, releaseLock } = await openDatabase(config);
  const baseUrl = publicBaseUrl(config);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    mailDir: path.join(config.dataDir, 'mail'),
    from: config.mailFrom,
  });
  const files = await createStorage(config);
  const queue = createJobQueue({
    database,
    connectionString: config.databaseUrl,
    jobs: ALL_JOBS,
    deps: {
      mailer,
      log: { info: console.log, error: console.error },
      db: database.db,
      database,
      files,
      baseUrl,
    },
  });
  try {
    await runMigrations(database);
    await queue.start();
    const secret = config.authSecret ?? (await ensureAuthSecret(database.db));
    const auth = createAuth({ db: database.db, secret, baseUrl });
    if (config.demoSeed === 'forced')
      console.warn(
        'Achtung: SEED_DEMO=true legt Demo-Anmeldungen mit veröffentlichtem Passwort an, obwohl das Portal nicht nur lokal läuft.',
      );
    // Two processes starting at once: one seeds, the other waits for the lock and finds the demo data there.
    const seeded =
      config.demoSeed !== 'off' &&
      (await database.exclusively('portal:demo-seed', async () => {
        const fresh = await seedDemoData(database.db);
        await ensureDemoImportSample(files);
        await ensureDemoEnquiryFiles(database.db, files);
        await ensureDemoBoms(database.db, files);
        await ensureDemoOffers(database.db, files);
        await ensureDemoFolder(database.db, files);
        await ensureDemoChat(database.db);
        return fresh;
      }));
    await recoverInterruptedImports(database, files);
    return {
      database,
      auth,
      seeded,
      queue,
      mailer,
      files,
      async release() {
        await queue.stop();
        mailer.close();
        await database.close();
        releaseLock();
      },
    };
  } catch (error) {
    await queue.stop();
    mailer.close();
    await database.close();
    releaseLock();
    throw error;
  }
}
