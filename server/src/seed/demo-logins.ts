import { and, eq, inArray } from 'drizzle-orm';
import { verifyPassword } from '../auth/password';
import type { DemoSeed } from '../config';
import { readMeta } from '../db/app-meta';
import type { Db } from '../db/client';
import { accounts, companies, users } from '../db/schema';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_SEED_MARKER } from './demo';

/** A demo login as the banner names it: its role with the gates it is under now (SPEC §4). */
export interface DemoLogin {
  email: string;
  role: string;
}

/**
 * ASVS 6.3.2: the demo logins that still open with the published demo password. None unless this database
 * was seeded with demo data (marker in app_meta, one small query). Called after the server listens, so the
 * argon2 checks (about 45 ms each, in libuv's thread pool) never delay the first page (ARCHITECTURE §7).
 */
export async function findOpenDemoLogins(db: Db): Promise<DemoLogin[]> {
  if ((await readMeta(db, DEMO_SEED_MARKER)) === null) return [];
  const rows = await db
    .select({
      email: users.email,
      hash: accounts.password,
      passwordChangeNeeded: users.passwordChangeNeeded,
      pendingRegistration: companies.pendingRegistration,
    })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      inArray(
        users.email,
        DEMO_LOGINS.map((login) => login.email),
      ),
    );
  // The seed hashes the demo password once for all its users: each distinct hash is verified once.
  const hashes = [...new Set(rows.map((row) => row.hash).filter((hash) => hash !== null))];
  const verified = await Promise.all(
    hashes.map(async (hash) => ((await verifyPassword({ hash, password: DEMO_PASSWORD })) ? hash : null)),
  );
  const open = new Map(rows.filter((row) => verified.includes(row.hash)).map((row) => [row.email, row]));
  return DEMO_LOGINS.flatMap((login) => {
    const row = open.get(login.email);
    if (!row) return [];
    // A released registration is no longer pending: the banner says what the login meets now.
    const gates = [
      row.pendingRegistration ? 'Registrierung ausstehend' : null,
      row.passwordChangeNeeded ? 'muss Initialpasswort ändern' : null,
    ].filter((gate) => gate !== null);
    return [{ email: login.email, role: [login.role, ...gates].join(', ') }];
  });
}

/** The start-up banner's lines about demo logins: only those still open, with a warning off a local trial. */
export async function demoLoginBanner(
  db: Db,
  options: { seeded: boolean; demoSeed: DemoSeed },
): Promise<string[]> {
  const logins = await findOpenDemoLogins(db);
  const lines: string[] = [];
  if (options.seeded) lines.push('Demodaten angelegt.');
  if (logins.length === 0) return lines;
  if (options.demoSeed !== 'local')
    lines.push(
      'Achtung: Diese Demo-Anmeldungen haben noch das veröffentlichte Passwort. Ändern Sie es oder löschen Sie die Nutzer, bevor andere das Portal erreichen.',
    );
  lines.push('Demo-Anmeldungen:');
  for (const login of logins) lines.push(`  ${login.email.padEnd(24)} ${DEMO_PASSWORD}   (${login.role})`);
  return lines;
}
