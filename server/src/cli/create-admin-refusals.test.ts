import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { companies, users } from '../db/schema';
import { createOperatorAdmin } from '../modules/user';
import { createActor, createCompany } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import { firstAdminBanner } from './first-admin-banner';
import { CLI_TEST_TIMEOUT_MS, runCli } from './testing/cli-target';

const dirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-create-admin-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('create-admin arguments', () => {
  it.each([
    [['--name', 'Erika'], 'Bitte geben Sie die E-Mail-Adresse an: --email <adresse>.'],
    [['--email', 'keine-adresse'], 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    [['--email'], 'Zu „--email“ fehlt der Wert.'],
    [['--email', '--name', 'Erika'], 'Zu „--email“ fehlt der Wert.'],
    [['--mail', 'a@firma.de'], 'Unbekannte Option „--mail“.'],
    [
      ['a@firma.de'],
      'Unerwartete Angabe „a@firma.de“: Werte gehören hinter eine Option, z. B. --email a@firma.de.',
    ],
    [['--email', 'a@firma.de', '--name', ' '], 'Der Vorname darf nicht leer sein.'],
    [
      ['--email', 'a@firma.de', '--company', 'x'.repeat(201)],
      'Der Name des Betreiber-Unternehmens: höchstens 200 Zeichen.',
    ],
  ])('%j is refused in German with exit code 1, before the database is opened', async (argv, message) => {
    const dataDir = tempDataDir();
    const run = await runCli({ DATA_DIR: dataDir }, argv);
    expect(run.code).toBe(1);
    expect(run.err).toBe(`${message}\nHilfe: npm run create-admin -- --help`);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
  });

  it('--help explains the command and opens nothing', async () => {
    const dataDir = tempDataDir();
    const run = await runCli({ DATA_DIR: dataDir }, ['--help']);
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      'npm run create-admin -- --email <adresse> [--name <vorname> --lastname <nachname>]',
    );
    expect(run.out).toContain('(Standard: Betreiber)');
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
  });

  it('a wrong setting is named, with exit code 1', async () => {
    const run = await runCli({ DATABASE_URL: 'keine-url' }, ['--email', 'a@firma.de']);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^Der Administrator wurde nicht angelegt\. Ungültige Konfiguration:/);
    expect(run.err).toContain('DATABASE_URL');
  });
});

describe('create-admin without its database', () => {
  it('an unreachable PostgreSQL is named in German, with exit code 1', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const run = await runCli({ DATABASE_URL: 'postgres://portal@127.0.0.1:1/portal' }, [
      '--email',
      'a@firma.de',
    ]);
    expect(run.code).toBe(1);
    expect(run.err.split('\n').slice(0, 2)).toEqual([
      'Der Administrator wurde nicht angelegt.',
      'Die Datenbank ist nicht erreichbar. Bitte prüfen Sie DATABASE_URL und ob der Datenbankserver läuft.',
    ]);
  });
});

describe('create-admin on the embedded database', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('refuses while the portal holds the embedded database, leaving its lock alone', async () => {
    const dataDir = tempDataDir();
    // The lock of a running process (the test runner that started this worker).
    writeFileSync(path.join(dataDir, 'db.lock'), String(process.ppid));
    const run = await runCli({ DATA_DIR: dataDir }, ['--email', 'a@firma.de']);
    expect(run.code).toBe(1);
    expect(run.err).toContain('Der Administrator wurde nicht angelegt.');
    expect(run.err).toContain(
      `wird bereits von einem anderen Portal-Prozess (PID ${process.ppid}) verwendet`,
    );
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);
  });

  it('seeds no demo data even where npm start would, and says so', async () => {
    const dataDir = tempDataDir();
    const run = await runCli({ DATA_DIR: dataDir }, ['--email', 'a@firma.de']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Hinweis: Mit diesen Einstellungen legt npm start zusätzlich die Demodaten');
    // The default address of the portal is in the link when PUBLIC_URL is not set.
    expect(run.out).toContain('http://localhost:3000/action?mode=resetPassword&oobCode=');
    const database = await openPglite(path.join(dataDir, 'db'));
    const state = {
      companies: await database.db.select({ name: companies.name, type: companies.type }).from(companies),
      users: await database.db.select({ email: users.email }).from(users),
    };
    await database.close();
    expect(state).toEqual({
      companies: [{ name: 'Betreiber', type: 'ADMIN' }],
      users: [{ email: 'a@firma.de' }],
    });
    // The lock is given back: the portal can start now.
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });
});

describe('the start banner about the first admin', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('names the command until an admin of an active operator company exists', async () => {
    const banner = () => firstAdminBanner(ctx.db, { embedded: false });
    expect((await banner()).join('\n')).toContain('Noch kein Betreiber-Administrator');
    expect((await banner()).join('\n')).toContain('npm run create-admin -- --email <adresse>');
    // Neither an operator's staff member nor a customer's admin can manage the portal.
    await createActor(ctx.db, 'ADMIN', { admin: false });
    await createActor(ctx.db, 'CUSTOMER', { admin: true });
    // Nor the admin of a deactivated operator company (SPEC §4: its users cannot sign in).
    const inactive = await createCompany(ctx.db, { type: 'ADMIN', active: false });
    await createActor(ctx.db, 'ADMIN', { admin: true, companyId: inactive.id });
    expect(await banner()).toHaveLength(2);
    await createOperatorAdmin(
      { db: ctx.db, queue: ctx.queue, baseUrl: 'http://localhost:3000' },
      { email: 'chef@firma.de', name: 'Chef', lastname: 'In', companyName: 'Betreiber' },
    );
    expect(await banner()).toEqual([]);
  });

  it('on the embedded database it says to stop the portal first', async () => {
    const fresh = await createTestApp();
    try {
      const lines = await firstAdminBanner(fresh.db, { embedded: true });
      expect(lines.join('\n')).toContain('erst das Portal beenden');
    } finally {
      await fresh.close();
    }
  });
});
