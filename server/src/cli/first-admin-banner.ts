import type { Db } from '../db/client';
import { hasOperatorAdmin } from '../modules/user';

/**
 * The start-up banner's hint for a real installation that nobody can manage yet: no administrator of an
 * active operator company (the demo data brings one; a database without it does not).
 */
export async function firstAdminBanner(db: Db, options: { embedded: boolean }): Promise<string[]> {
  if (await hasOperatorAdmin(db)) return [];
  return [
    'Noch kein Betreiber-Administrator: legen Sie ihn mit denselben Einstellungen an mit',
    `  npm run create-admin -- --email <adresse> --name <vorname> --lastname <nachname>${
      options.embedded
        ? '\n  (bei der eingebetteten Datenbank erst das Portal beenden, dann den Befehl aufrufen)'
        : ''
    }`,
  ];
}
