import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from './auth/password';
import { openRuntime, type Runtime } from './bootstrap';
import { loadConfig } from './config';
import { readMeta } from './db/app-meta';
import { accounts, appMeta, companies, users } from './db/schema';
import { DEMO_LOGINS, DEMO_SEED_MARKER } from './seed/demo';
import { demoLoginBanner, findOpenDemoLogins } from './seed/demo-logins';

/**
 * ASVS 6.3.2: the embedded portal seeds its demo accounts only for a local trial, and the
 * start-up banner names only demo logins of this database that still open with the demo password.
 */
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-startup-'));
  // the queue and the seed talk on the console; the test reads the database instead
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>, use: (runtime: Runtime) => Promise<void>) {
  const runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir, ...env }));
  try {
    await use(runtime);
  } finally {
    await runtime.release();
  }
}

const demoUsers = (runtime: Runtime) =>
  runtime.database.db.select().from(users).where(like(users.email, '%@demo.local'));

describe('start-up on the embedded database', () => {
  it('with a PUBLIC_URL of a real host creates no demo user and names none', async () => {
    await start({ PUBLIC_URL: 'https://portal.example.de' }, async (runtime) => {
      expect(runtime.seeded).toBe(false);
      expect(await demoUsers(runtime)).toEqual([]);
      expect(await readMeta(runtime.database.db, DEMO_SEED_MARKER)).toBeNull();
      expect(await demoLoginBanner(runtime.database.db, { seeded: false, demoSeed: 'off' })).toEqual([]);
    });
  }, 60_000);

  it('locally seeds the demo; the banner leaves out a demo login whose password was changed', async () => {
    await start({ PUBLIC_URL: 'http://127.0.0.1:3000' }, async (runtime) => {
      expect(runtime.seeded).toBe(true);
      const banner = await demoLoginBanner(runtime.database.db, { seeded: true, demoSeed: 'local' });
      expect(banner[0]).toBe('Demodaten angelegt.');
      expect(banner.join('\n')).toContain('kunde@demo.local');
      expect(banner.join('\n')).not.toContain('Achtung');
      const db = runtime.database.db;
      const lineOf = (lines: string[], email: string) => lines.find((line) => line.includes(email));
      expect(lineOf(banner, 'neu@demo.local')).toContain('(Kunde, Administrator, Registrierung ausstehend)');
      expect(lineOf(banner, 'initial@demo.local')).toContain('(Kunde, muss Initialpasswort ändern)');
      // Released by the operator (SPEC §4), the registration is no longer named as pending.
      const [neu] = await db.select().from(users).where(eq(users.email, 'neu@demo.local'));
      await db.update(companies).set({ pendingRegistration: false }).where(eq(companies.id, neu!.companyId));
      const released = await demoLoginBanner(db, { seeded: false, demoSeed: 'local' });
      expect(lineOf(released, 'neu@demo.local')).toContain('(Kunde, Administrator)');
      expect(released.join('\n')).not.toContain('ausstehend');
      const [kunde] = await db.select().from(users).where(eq(users.email, 'kunde@demo.local'));
      await db
        .update(accounts)
        .set({ password: await hashPassword('ein-eigenes-passwort') })
        .where(eq(accounts.userId, kunde!.id));
    });
    // the next start on a public address: nothing new, the changed login is gone, the others come with a warning
    await start({ PUBLIC_URL: 'https://portal.example.de' }, async (runtime) => {
      expect(runtime.seeded).toBe(false);
      const emails = (await findOpenDemoLogins(runtime.database.db)).map((login) => login.email);
      expect(emails).toContain('admin@demo.local');
      expect(emails).not.toContain('kunde@demo.local');
      expect(emails).toHaveLength(DEMO_LOGINS.length - 1);
      const banner = (await demoLoginBanner(runtime.database.db, { seeded: false, demoSeed: 'off' })).join(
        '\n',
      );
      expect(banner).toContain('Achtung');
      expect(banner).toContain('admin@demo.local');
      expect(banner).not.toContain('kunde@demo.local');
      // a user who merely has the demo password, without the seed marker, is no demo login
      await runtime.database.db.delete(appMeta).where(eq(appMeta.key, DEMO_SEED_MARKER));
      expect(await findOpenDemoLogins(runtime.database.db)).toEqual([]);
    });
  }, 120_000);
});
