import type { Page } from '@playwright/test';
import { releasedEnquiry } from '../../support/a11y-records';
import { signInByApi } from '../../support/auth';
import { expectAccessible } from '../../support/axe';
import { signedInPage } from '../../support/enquiry';
import { test } from '../../support/test';
import { DEMO, type DemoRole } from '../../support/users';
import { firstId, listed, settled } from '../../support/walk';

/**
 * WCAG 2.2 AA on every route of SPEC §2, for every kind of visitor (signed out, operator admin and staff,
 * customer, supplier, external guest, a gated newcomer), at 1,440 px and at 390 px. Ids are the demo
 * records' as the visitor's own lists name them.
 */
type Routes = (page: Page) => Promise<string[]>;

const LEGAL = ['/imprint', '/privacy', '/tom', '/avb', '/subcontractors'];

const folderId = async (page: Page) =>
  (await listed(page, '/api/offer/businessdata/list?page=0&paginationSize=10'))[0]?.folderId as string;

const offerOf = (page: Page, states: string) =>
  firstId(page, `/api/offer/filter?states=${states}&page=0&paginationSize=10`);

/** The offer, order and job lists and one record of each, the project folders, notifications, profile. */
const tradingRoutes = async (page: Page) => [
  '/offer',
  `/offer/${await offerOf(page, 'OPEN')}`,
  '/order',
  `/order/${await offerOf(page, 'ACCEPTED')}`,
  '/job',
  `/job/${await offerOf(page, 'CONFIRMED')}`,
  '/business-data',
  `/business-data/${await folderId(page)}`,
  '/messages',
  '/profile',
];

const VISITORS: { who: string; role?: DemoRole; routes: Routes }[] = [
  {
    who: 'abgemeldet',
    routes: async () => ['/login', '/register', '/forget', '/action?mode=unbekannt', ...LEGAL],
  },
  {
    who: 'Betreiber-Admin',
    role: 'admin',
    routes: async (page) => {
      const company = await firstId(page, '/api/company/all');
      const user = await firstId(page, '/api/user/all');
      const article = await firstId(page, '/api/article/filter?page=0&paginationSize=1');
      const manufacturer = await firstId(page, '/api/manufacturer/all?withAmount=true');
      const discount = await firstId(page, '/api/discountgroup/all?withAmount=true');
      const unit = await firstId(page, '/api/unit/all?withAmount=true');
      const wholesaler = await firstId(page, '/api/wholesaler/all?withAmount=true');
      const eclass = await firstId(page, '/api/eclass/all');
      const config = await firstId(page, '/api/import/config/all');
      return [
        '/profile',
        '/messages',
        '/company',
        `/company/${company}`,
        '/company/new',
        '/article',
        `/article/${article}`,
        '/fieldvalues',
        '/fieldvalues/manufacturer',
        `/fieldvalues/manufacturer/${manufacturer}`,
        '/fieldvalues/discount',
        `/fieldvalues/discount/${discount}`,
        '/fieldvalues/unit',
        `/fieldvalues/unit/${unit}`,
        '/fieldvalues/wholesaler',
        `/fieldvalues/wholesaler/${wholesaler}`,
        '/fieldvalues/eclass',
        `/fieldvalues/eclass/${eclass}`,
        '/fieldvalues/eclass/new',
        '/import/config',
        `/import/config/${config}`,
        '/import/stueckliste',
        '/user',
        `/user/${user}`,
        '/gibt-es-nicht',
        ...LEGAL,
      ];
    },
  },
  {
    who: 'Betreiber-Mitarbeiter',
    role: 'mitarbeiter',
    routes: async (page) => {
      const article = await firstId(page, '/api/article/filter?page=0&paginationSize=1');
      return ['/profile', '/messages', '/article', `/article/${article}`, '/import/stueckliste'];
    },
  },
  {
    who: 'Kunde',
    role: 'kunde',
    routes: async (page) => {
      const enquiry = await firstId(page, '/api/enquiry/filter?page=0&paginationSize=10');
      const user = await firstId(page, '/api/user/all');
      return [
        '/enquiry',
        '/enquiry/new',
        `/enquiry/${enquiry}`,
        ...(await tradingRoutes(page)),
        '/user',
        `/user/${user}`,
      ];
    },
  },
  {
    who: 'Lieferant',
    role: 'lieferant',
    routes: async (page) => {
      const enquiry = await firstId(page, '/api/enquiry/filter?page=0&paginationSize=10');
      // "Angebot erstellen" opens /offer/new on an enquiry without an offer of this supplier: a new one.
      const customer = await signedInPage(page.context().browser()!, DEMO.kunde.email);
      const fresh = await releasedEnquiry(customer, `Barrierefreiheit ${Date.now()}`);
      await customer.context().close();
      return ['/enquiry', `/enquiry/${enquiry}`, `/offer/new/${fresh}`, ...(await tradingRoutes(page))];
    },
  },
  {
    who: 'Gast',
    role: 'extern',
    routes: async (page) => ['/business-data', `/business-data/${await folderId(page)}`, '/profile'],
  },
  { who: 'Neuregistrierung', role: 'neu', routes: async () => ['/profile', '/enquiry', ...LEGAL] },
];

for (const width of [1440, 390]) {
  for (const visitor of VISITORS) {
    test(`${visitor.who}, ${width} px: jede Seite ohne schwere Barrieren`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      if (visitor.role) await signInByApi(page, DEMO[visitor.role].email);
      const routes = await visitor.routes(page);
      for (const route of routes) {
        await page.goto(route);
        await settled(page);
        await expectAccessible(page, `${route} (${visitor.who}, ${width} px)`);
      }
    });
  }
}
