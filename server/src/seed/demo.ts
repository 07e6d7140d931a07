import { hashPassword } from '../auth/password';
import { readMeta } from '../db/app-meta';
import type { Db } from '../db/client';
import { appMeta, companies } from '../db/schema';
import { insertUserWithPassword } from '../modules/user';
import { seedArticles } from './articles';
import { DEMO_PASSWORD } from './demo-password';
import { seedDemoEnquiries } from './enquiries';
import { seedImportConfigs } from './import-config';
import { seedMasterData } from './master-data';

export { DEMO_PASSWORD };

export const DEMO_LOGINS = [
  { email: 'admin@demo.local', role: 'Betreiber, Administrator' },
  { email: 'mitarbeiter@demo.local', role: 'Betreiber, Mitarbeiter' },
  { email: 'kunde@demo.local', role: 'Kunde, Administrator' },
  { email: 'einkauf@demo.local', role: 'Kunde, Einkauf' },
  { email: 'lieferant@demo.local', role: 'Lieferant, Administrator' },
  { email: 'lieferant2@demo.local', role: 'Zweiter Lieferant, Administrator' },
  { email: 'extern@demo.local', role: 'Externer Gast' },
  // The gates (registration pending, initial password) are named from the database: they end in use.
  { email: 'neu@demo.local', role: 'Kunde, Administrator' },
  { email: 'initial@demo.local', role: 'Kunde' },
  { email: 'vergessen@demo.local', role: 'Lieferant, für „Passwort vergessen“' },
] as const;

/** The app_meta key that remembers that this database got the demo data. */
export const DEMO_SEED_MARKER = 'demo_seeded';

/**
 * Demo data; runs once per database (remembered in app_meta). Later areas add their own records,
 * each once with a marker of its own, so a database seeded before an area existed gets its records too.
 * True when the base demo (the logins) was seeded now.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const seeded = (await readMeta(db, DEMO_SEED_MARKER)) === null;
  if (seeded) await seedDemoBase(db);
  await seedDemoEnquiries(db);
  return seeded;
}

async function seedDemoBase(db: Db): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [operator, customer, supplier, external, pending] = await tx
      .insert(companies)
      .values([
        {
          name: 'Portal Betreiber GmbH',
          type: 'ADMIN',
          street: 'Industriestraße',
          houseNo: '12',
          zip: '70565',
          city: 'Stuttgart',
        },
        {
          name: 'Muster Maschinenbau GmbH',
          type: 'CUSTOMER',
          customerNumber: 'K-10001',
          street: 'Werkstraße',
          houseNo: '5',
          zip: '73033',
          city: 'Göppingen',
        },
        {
          name: 'Schaltschrankbau Beispiel GmbH',
          type: 'SUPPLIER',
          street: 'Am Schaltwerk',
          houseNo: '3',
          zip: '32657',
          city: 'Lemgo',
        },
        { name: 'Externe Gäste', type: 'EXTERNAL', street: '', houseNo: '', zip: '', city: '' },
        {
          name: 'Neue Anlagentechnik GmbH',
          type: 'CUSTOMER',
          customerNumber: 'K-10002',
          pendingRegistration: true,
          additionalInfo: 'Registrierung über die Startseite',
          street: 'Gewerbepark',
          houseNo: '8',
          zip: '90411',
          city: 'Nürnberg',
        },
      ])
      .returning();
    const users = [
      { name: 'Anna', lastname: 'Admin', email: 'admin@demo.local', admin: true, companyId: operator!.id },
      {
        name: 'Max',
        lastname: 'Mitarbeiter',
        email: 'mitarbeiter@demo.local',
        admin: false,
        companyId: operator!.id,
      },
      { name: 'Klara', lastname: 'Kunde', email: 'kunde@demo.local', admin: true, companyId: customer!.id },
      {
        name: 'Emil',
        lastname: 'Einkauf',
        email: 'einkauf@demo.local',
        admin: false,
        companyId: customer!.id,
      },
      {
        name: 'Lars',
        lastname: 'Lieferant',
        email: 'lieferant@demo.local',
        admin: true,
        companyId: supplier!.id,
      },
      {
        name: 'Erika',
        lastname: 'Extern',
        email: 'extern@demo.local',
        admin: false,
        companyId: external!.id,
      },
      { name: 'Nina', lastname: 'Neu', email: 'neu@demo.local', admin: true, companyId: pending!.id },
      // SPEC §4 registration: the forced initial password change and the forgotten password, each with its own user.
      {
        name: 'Ingo',
        lastname: 'Initial',
        email: 'initial@demo.local',
        admin: false,
        companyId: customer!.id,
        passwordChangeNeeded: true,
      },
      {
        name: 'Vera',
        lastname: 'Vergessen',
        email: 'vergessen@demo.local',
        admin: false,
        companyId: supplier!.id,
      },
    ];
    for (const user of users) {
      await insertUserWithPassword(tx, { ...user, phoneNumber: '+49 711 123456' }, hash);
    }
    await seedMasterData(tx);
    await seedArticles(tx);
    await seedImportConfigs(tx);
    await tx.insert(appMeta).values({ key: DEMO_SEED_MARKER, value: new Date().toISOString() });
  });
}
