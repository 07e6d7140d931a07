import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../db/client';
import { runCreateAdmin } from '../create-admin-run';

/** The public address the targets are configured with: the invitation links start with it. */
export const CLI_PUBLIC_URL = 'https://portal.example.de';

/**
 * A generous limit for tests that run the command on an embedded database in a new DATA_DIR: creating
 * PGlite's files on disk alone takes seconds, many more on a busy machine.
 */
export const CLI_TEST_TIMEOUT_MS = 180_000;

export interface CliTarget {
  /** The environment `npm run create-admin` would see: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** Opens the target's database for checks; close it before the command runs again (PGlite: one process). */
  open(): Promise<Database>;
  close(): Promise<void>;
}

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/**
 * An empty installation, not migrated: an embedded database in a temporary DATA_DIR, or, with
 * TEST_DATABASE_URL, a new empty PostgreSQL database (dropped on close).
 */
export async function freshCliTarget(): Promise<CliTarget> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-create-admin-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return {
      env: { DATA_DIR: dataDir, PUBLIC_URL: CLI_PUBLIC_URL },
      dataDir,
      open: () => openPglite(path.join(dataDir, 'db')),
      close: async () => removeDir(),
    };
  }
  const name = `portal_cli_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE "${name}"`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString(), PUBLIC_URL: CLI_PUBLIC_URL },
    dataDir,
    open: () => openPostgres(databaseUrl.toString(), { max: 2 }),
    async close() {
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      removeDir();
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Runs the command as `npm run create-admin -- <argv>` would, collecting what it prints. */
export async function runCli(env: NodeJS.ProcessEnv, argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCreateAdmin({
    argv,
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Runs `check` on the target's database and closes it again. */
export async function withDatabase<T>(target: CliTarget, check: (database: Database) => Promise<T>) {
  const database = await target.open();
  try {
    return await check(database);
  } finally {
    await database.close();
  }
}
