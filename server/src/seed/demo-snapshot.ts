import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ALL_JOBS } from '../all-jobs';
import { type Database, openPglite } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createStorage } from '../files';
import { createJobQueue } from '../jobs/queue';
import { createMailer } from '../mail/mailer';
import { seedDemo } from './seed-demo';

/**
 * ARCHITECTURE §7 (first start <= 5 s): creating, migrating and seeding an embedded database takes 9 to 27 s,
 * so `npm run build` prepares one (server/build.mjs) and the first start of an empty DATA_DIR copies it. The
 * copy then gets the migrations made since (none when it is current), a new session secret (the snapshot
 * has none: ensureAuthSecret runs after it) and its dates moved to the day of the restore.
 */
export interface DemoSnapshot {
  /** When the demo was seeded: its dates ("in 14 days", "3 hours ago") count from then. */
  takenAt: Date;
}

const MANIFEST = 'snapshot.json';

async function readSnapshot(snapshotDir: string): Promise<DemoSnapshot | null> {
  try {
    const manifest = JSON.parse(await readFile(path.join(snapshotDir, MANIFEST), 'utf8')) as {
      takenAt?: unknown;
    };
    if (typeof manifest.takenAt !== 'string' || Number.isNaN(Date.parse(manifest.takenAt))) return null;
    return { takenAt: new Date(manifest.takenAt) };
  } catch {
    return null;
  }
}

async function isMissingOrEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * Copies the prepared demo database into `dataDir/db` and its files into `dataDir/files` when there is no
 * database there yet (the first start of this DATA_DIR). Call it holding the DATA_DIR lock, before the
 * database is opened. Files already in `dataDir/files` stay as they are. Returns the snapshot, or null when
 * nothing was restored (a database exists, or the build prepared none).
 */
export async function restoreDemoSnapshot(
  snapshotDir: string,
  dataDir: string,
): Promise<DemoSnapshot | null> {
  const snapshot = await readSnapshot(snapshotDir);
  const target = path.join(dataDir, 'db');
  if (!snapshot || !(await isMissingOrEmpty(target))) return null;
  // The files first, the database last and by one rename: a start interrupted before the rename finds no
  // database and restores again; one after it finds both.
  await cp(path.join(snapshotDir, 'files'), path.join(dataDir, 'files'), {
    recursive: true,
    force: false,
    errorOnExist: false,
  });
  const staging = `${target}.restoring`;
  await rm(staging, { recursive: true, force: true });
  await cp(path.join(snapshotDir, 'db'), staging, { recursive: true });
  await rm(target, { recursive: true, force: true });
  await rename(staging, target);
  return snapshot;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The demo catalogue keeps its dates: nothing counts from when an article was entered, and moving its
 * thousands of rows (each with its trigram indexes) would cost seconds of the first start.
 */
const UNSHIFTED_TABLES = new Set(['articles']);

/**
 * A snapshot younger than this is as good as new: `npm ci && npm start` builds right before the first start,
 * and the demo's dates are shown by the day or the hour.
 */
const MIN_SHIFT_MS = 60 * 60 * 1000;

/**
 * Moves every date and time of the portal's tables by `byMs` (dates by whole days): demo data seeded at build
 * time looks as if seeded now (open deadlines stay open, "yesterday" stays yesterday). Only for a database
 * that holds nothing but the restored demo.
 */
export async function shiftDemoDates(database: Database, byMs: number): Promise<void> {
  if (Math.abs(byMs) < MIN_SHIFT_MS) return;
  const seconds = Math.round(byMs / 1000);
  const days = Math.round(byMs / 86_400_000);
  // pg_catalog, not information_schema: its views cost a second on a cold embedded database.
  const { rows } = await database.executeSql(
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, null) as data_type
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and a.atttypid in ('timestamptz'::regtype, 'timestamp'::regtype, 'date'::regtype)
      order by c.relname, a.attnum`,
  );
  const byTable = new Map<string, string[]>();
  for (const row of rows) {
    const column = quoteIdent(String(row.column_name));
    const shifted =
      row.data_type === 'date'
        ? `${column} = ${column} + ${days}`
        : `${column} = ${column} + interval '${seconds} seconds'`;
    const table = String(row.table_name);
    if (UNSHIFTED_TABLES.has(table)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), shifted]);
  }
  if (byTable.size === 0) return;
  const updates = [...byTable].map(
    ([table, sets]) => `update public.${quoteIdent(table)} set ${sets.join(', ')};`,
  );
  await database.executeSql(`begin;\n${updates.join('\n')}\ncommit;`);
}

/**
 * What `npm run build` ships (server/build.mjs, prepare-demo-snapshot.ts): `outDir/db`, a migrated and
 * demo-seeded embedded database, `outDir/files`, the demo's files, and `outDir/snapshot.json`; laid out as a
 * DATA_DIR, so the server's own code opens and fills it.
 */
export async function prepareDemoSnapshot(outDir: string): Promise<DemoSnapshot> {
  const work = `${outDir}.work`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const database = await openPglite(path.join(work, 'db'));
  const snapshot = { takenAt: new Date() };
  const files = await createStorage({ dataDir: work, s3: undefined });
  // Installed here too: creating pg-boss's schema and queues is seconds of a first start.
  const mailer = createMailer({
    smtpUrl: undefined,
    mailDir: path.join(work, 'mail'),
    from: 'Portal <portal@localhost>',
  });
  const queue = createJobQueue({
    database,
    jobs: ALL_JOBS,
    deps: {
      mailer,
      log: { info: () => {}, error: console.error },
      db: database.db,
      database,
      files,
      baseUrl: 'http://localhost:3000',
    },
  });
  try {
    await runMigrations(database);
    await queue.start();
    await seedDemo(database, files);
  } finally {
    await queue.stop();
    mailer.close();
    await database.close();
  }
  await rm(path.join(work, 'mail'), { recursive: true, force: true });
  await writeFile(path.join(work, MANIFEST), JSON.stringify({ takenAt: snapshot.takenAt.toISOString() }));
  await rm(outDir, { recursive: true, force: true });
  await rename(work, outDir);
  return snapshot;
}
