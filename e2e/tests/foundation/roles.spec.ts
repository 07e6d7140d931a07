import { signInAs } from '../../support/auth';
import { expectNotFound, expectPath, mainMenu, menuIds, NOT_FOUND_TEXT, openMenu } from '../../support/shell';
import { expect, test } from '../../support/test';
import { DEMO, type DemoRole } from '../../support/users';

/**
 * SPEC §2 "Reachability by company type" and "Menu entries by type", walked by every demo login:
 * where the sign-in lands, which menu entries show (and no others), where `/` leads, and that a page of
 * another company type is not reachable.
 */
interface RoleExpectation {
  role: DemoRole;
  home: string;
  menu: { id: string; label: string }[];
  notificationBell: boolean;
  /** A path of another company type and what it shows: the not-found text, or a redirect target. */
  foreign: { path: string; redirectsTo?: string };
}

const ADMIN_MENU = [
  { id: 'company', label: 'Unternehmen' },
  { id: 'article', label: 'Artikel' },
  { id: 'fieldValues', label: 'Feldwerte' },
  { id: 'importConfig', label: 'Importkonfiguration' },
  { id: 'bomImport', label: 'Stücklistenimport' },
  { id: 'user', label: 'Nutzer' },
  { id: 'profile', label: 'Profil' },
];
const STAFF_MENU = ADMIN_MENU.filter((entry) =>
  ['article', 'bomImport', 'user', 'profile'].includes(entry.id),
);
const TRADING_ADMIN_MENU = [
  { id: 'enquiry', label: 'Anfragen' },
  { id: 'offer', label: 'Angebote' },
  { id: 'order', label: 'Bestellungen' },
  { id: 'job', label: 'Aufträge' },
  { id: 'businessData', label: 'Projektordner' },
  { id: 'user', label: 'Nutzer' },
  { id: 'profile', label: 'Profil' },
  { id: 'messages', label: 'Benachrichtigungen' },
];
const TRADING_MENU = TRADING_ADMIN_MENU.filter((entry) => entry.id !== 'user');

const ROLES: RoleExpectation[] = [
  { role: 'admin', home: '/user', menu: ADMIN_MENU, notificationBell: false, foreign: { path: '/enquiry' } },
  {
    role: 'mitarbeiter',
    home: '/user',
    menu: STAFF_MENU,
    notificationBell: false,
    foreign: { path: '/company' },
  },
  {
    role: 'kunde',
    home: '/enquiry',
    menu: TRADING_ADMIN_MENU,
    notificationBell: true,
    foreign: { path: '/article' },
  },
  {
    role: 'einkauf',
    home: '/enquiry',
    menu: TRADING_MENU,
    notificationBell: true,
    foreign: { path: '/user' },
  },
  {
    role: 'lieferant',
    home: '/enquiry',
    menu: TRADING_ADMIN_MENU,
    notificationBell: true,
    foreign: { path: '/fieldvalues' },
  },
  {
    role: 'extern',
    home: '/business-data',
    menu: [{ id: 'businessData', label: 'Projektordner' }],
    notificationBell: false,
    foreign: { path: '/enquiry' },
  },
  {
    role: 'neu',
    home: '/profile',
    menu: [{ id: 'profile', label: 'Profil' }],
    notificationBell: false,
    // A pending registration confines the user to the profile.
    foreign: { path: '/enquiry', redirectsTo: '/profile' },
  },
];

for (const expectation of ROLES) {
  const user = DEMO[expectation.role];

  test(`${user.email} landet auf ${expectation.home} und sieht nur das eigene Menü`, async ({ page }) => {
    await signInAs(page, user.email);
    await expectPath(page, expectation.home);
    await expect(page.getByTestId('user-menu')).toContainText(user.name);

    expect(await menuIds(page)).toEqual(expectation.menu.map((entry) => entry.id));
    await expect(mainMenu(page).locator('[data-menu]')).toHaveText(
      expectation.menu.map((entry) => entry.label),
    );
    await expect(page.getByTestId('notification-bell')).toHaveCount(expectation.notificationBell ? 1 : 0);

    // The user menu names the company and offers the sign-out.
    await page.getByTestId('user-menu').click();
    // A panel named by its button, the signed-in person.
    await expect(page.getByRole('dialog', { name: user.name })).toContainText(user.company);
    await expect(page.getByTestId('sign-out')).toBeVisible();
    await page.keyboard.press('Escape');

    // `/` leads to the same start page.
    await page.goto('/');
    await expectPath(page, expectation.home);

    await page.goto(expectation.foreign.path);
    if (expectation.foreign.redirectsTo) {
      await expectPath(page, expectation.foreign.redirectsTo);
    } else {
      await expectNotFound(page);
      await expectPath(page, expectation.foreign.path);
    }
  });
}

test('Menüeinträge führen zu ihren Seiten', async ({ page }) => {
  await signInAs(page, DEMO.admin.email);
  for (const [id, path] of [
    ['company', '/company'],
    ['fieldValues', '/fieldvalues'],
    ['bomImport', '/import/stueckliste'],
    ['profile', '/profile'],
  ] as const) {
    await openMenu(page, id, path);
    await expect(mainMenu(page).locator(`[data-menu="${id}"]`)).toHaveAttribute('data-active', 'true');
    await expect(page.getByText(NOT_FOUND_TEXT)).toHaveCount(0);
  }
});
