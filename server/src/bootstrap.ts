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
import { type DemoSnapshot, restoreDemoSnapshot, shiftDemoDates } from './seed/demo-snapshot';
import { hasDemoBase, seedDemo } from './seed/seed-demo';

export interface Runtime {
  database: Database;
  auth: ReturnType<typeof createAuth>;
  seeded: boolean;
  /**
   * The demo steps left for after listening: where the logins exist already (a restart, a restored demo
   * database), the areas' idempotent demo steps need not delay the first page (ARCHITECTURE §7).
   */
  completeDemo: () => Promise<void>;
  queue: JobQueue;
  mailer: Mailer;
  files: FileStorage;
  release: () => Promise<void>;
}

/** The built SPA: `web/dist` beside this package, seen from `src/` (tsx) and from `dist/` (bundle) alike. */
export function defaultWebDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');
}

/** The demo database `npm run build` prepares (server/build.mjs): `server/dist/demo-snapshot`, seen alike. */
export function defaultDemoSnapshotDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'demo-snapshot');
}

export function publicBaseUrl(config: Config): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/**
 * Opens the database of `config`: PostgreSQL, or PGlite in DATA_DIR under its lock (one process at a time,
 * the server or a command such as create-admin). `beforeOpen` runs under the lock, before PGlite opens its
 * directory. `releaseLock` after closing the database.
 */
export async function openDatabase(
  config: Config,
  options: { beforeOpen?: () => Promise<void> } = {},
): Promise<{ database: Database; releaseLock: () => void }> {
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  try {
    await options.beforeOpen?.();
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

/**
 * Whether a first start may copy the build's demo database: demo data wanted, the embedded database, and the
 * demo's files on the local disk (with S3 they would be missing from the bucket).
 */
export function mayRestoreDemoSnapshot(config: Config): boolean {
  return config.demoSeed !== 'off' && !config.databaseUrl && !config.s3;
}

export interface RuntimeOptions {
  /** The build's prepared demo database (`defaultDemoSnapshotDir()`); unset: every new database is seeded. */
  demoSnapshotDir?: string;
}

/** Opens the database (PGlite under a lock, or PostgreSQL), migrates, seeds and creates the identity core. */
export async function openRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const { demoSnapshotDir } = options;
  let restored: DemoSnapshot | null = null;
  const { database, releaseLock } = await openDatabase(config, {
    async beforeOpen() {
      if (demoSnapshotDir && mayRestoreDemoSnapshot(config))
        restored = await restoreDemoSnapshot(demoSnapshotDir, config.dataDir);
    },
  });
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
    // The restored demo's dates as if it had been seeded now (before anything else writes).
    const snapshot = restored as DemoSnapshot | null;
    if (snapshot) await shiftDemoDates(database, Date.now() - snapshot.takenAt.getTime());
    await queue.start();
    const secret = config.authSecret ?? (await ensureAuthSecret(database.db));
    const auth = createAuth({ db: database.db, secret, baseUrl });
    if (config.demoSeed === 'forced')
      console.warn(
        'Achtung: SEED_DEMO=true legt Demo-Anmeldungen mit veröffentlichtem Passwort an, obwohl das Portal nicht nur lokal läuft.',
      );
    // A new database gets its demo before listening (its logins); one that has it, after (seedDemo is
    // idempotent: after a restore only the areas added since the build, none when it is current).
    const demo = config.demoSeed !== 'off';
    const later = demo && (await hasDemoBase(database.db));
    const seeded = snapshot !== null || (demo && !later && (await seedDemo(database, files)));
    await recoverInterruptedImports(database, files);
    return {
      database,
      auth,
      seeded,
      async completeDemo() {
        if (later) await seedDemo(database, files);
      },
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
