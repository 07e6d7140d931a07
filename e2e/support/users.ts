/**
 * The demo logins seeded on the e2e server's first start (server/src/seed/demo.ts). Journeys that only
 * read may use them; journeys that change data create their own records (tests run in parallel, in any order).
 */
export const DEMO_PASSWORD = 'demo1234';

export interface DemoUser {
  email: string;
  /** First name and last name as the user menu shows them. */
  name: string;
  company: string;
}

export const DEMO = {
  admin: { email: 'admin@demo.local', name: 'Anna Admin', company: 'Portal Betreiber GmbH' },
  mitarbeiter: { email: 'mitarbeiter@demo.local', name: 'Max Mitarbeiter', company: 'Portal Betreiber GmbH' },
  kunde: { email: 'kunde@demo.local', name: 'Klara Kunde', company: 'Muster Maschinenbau GmbH' },
  einkauf: { email: 'einkauf@demo.local', name: 'Emil Einkauf', company: 'Muster Maschinenbau GmbH' },
  lieferant: {
    email: 'lieferant@demo.local',
    name: 'Lars Lieferant',
    company: 'Schaltschrankbau Beispiel GmbH',
  },
  /** The second supplier (the demo enquiry "Verteilerschrank Lackieranlage" goes to it only). */
  lieferant2: { email: 'lieferant2@demo.local', name: 'Nils Nord', company: 'Elektrobau Nord GmbH' },
  extern: { email: 'extern@demo.local', name: 'Erika Extern', company: 'Externe Gäste' },
  neu: { email: 'neu@demo.local', name: 'Nina Neu', company: 'Neue Anlagentechnik GmbH' },
} as const satisfies Record<string, DemoUser>;

export type DemoRole = keyof typeof DEMO;
