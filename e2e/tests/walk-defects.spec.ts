import { signInAs, signInByApi } from '../support/auth';
import { expectPath, mainMenu, menuIds } from '../support/shell';
import { expect, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * The small defects the accessibility walk found, each as the journey that showed it. The fixture fails a
 * journey on any console error, so a refused request (a 401 or 403 the browser logs) fails it too.
 */

test('abgemeldet: Anmeldung, Rechtstexte und Registrierung ohne abgelehnte Anfrage', async ({ page }) => {
  const sessionAnswers: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/session')) sessionAnswers.push(response.status());
  });
  for (const path of ['/login', '/imprint', '/register', '/forget']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(sessionAnswers.length).toBeGreaterThan(0);
  expect(sessionAnswers.every((status) => status === 200)).toBe(true);
});

test('Betreiber: /messages erklärt, dass es für ihn keine Benachrichtigungen gibt', async ({ page }) => {
  const notificationCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/notification')) notificationCalls.push(request.url());
  });
  await signInByApi(page, DEMO.admin.email);
  await page.goto('/messages');
  await expect(page.getByTestId('notifications-none-for-role')).toHaveText(
    /Für den Betreiber gibt es keine Benachrichtigungen/,
  );
  await expect(
    page.getByText('Die Benachrichtigungen konnten nicht als gelesen markiert werden.'),
  ).toHaveCount(0);
  expect(notificationCalls).toEqual([]);
});

test('Lieferant: /enquiry/new zeigt das leere Formular nur zum Lesen', async ({ page }) => {
  await signInByApi(page, DEMO.lieferant.email);
  await page.goto('/enquiry/new');
  const title = page.getByRole('textbox', { name: /Titel/ }).first();
  await expect(title).toBeVisible();
  await expect(title).toHaveValue('');
  await expect(title).not.toBeEditable();
  await expect(page.getByTestId('read-only-notice')).toHaveText(
    'Anfragen legen Kunden an. Sie sehen das Anfrageformular nur zum Lesen.',
  );
  await expect(page.getByText('Die aufgerufene URL konnte nicht zugeordnet werden.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
});

test('Registrierung ausstehend: nur Profil und die dort verlinkten Rechtstexte', async ({ page }) => {
  await signInAs(page, DEMO.neu.email);
  await expectPath(page, '/profile');
  expect(await menuIds(page)).toEqual(['profile']);
  for (const [link, path] of [
    ['Allgemeine Geschäftsbedingungen', '/avb'],
    ['Datenschutzerklärung', '/privacy'],
    ['Technische und organisatorische Maßnahmen', '/tom'],
    ['Unterauftragsverarbeiter', '/subcontractors'],
    ['Impressum', '/imprint'],
  ] as const) {
    // The profile's links come before the footer's (privacy, imprint) in the page.
    await page.getByRole('link', { name: link, exact: true }).first().click();
    await expectPath(page, path);
    await page.getByRole('link', { name: 'Zurück zum Profil' }).first().click();
    await expectPath(page, '/profile');
  }
  for (const path of ['/enquiry', '/business-data', '/messages', '/user']) {
    await page.goto(path);
    await expectPath(page, '/profile');
  }
});

test('/action mit unbekanntem Modus meldet den Fehler auf Deutsch', async ({ page }) => {
  await page.goto('/action?mode=verifyEmail&oobCode=abc');
  await expect(page.getByRole('alert')).toContainText(
    'Die Aktion konnte nicht ausgeführt werden: Der Link enthält eine ungültige Aktion.',
  );
  await expect(page.getByText('Invalid actionMode')).toHaveCount(0);
});

for (const user of [DEMO.einkauf, DEMO.lieferant]) {
  test(`${user.company}: „Projektordner“ im Menü führt zu /business-data`, async ({ page }) => {
    await signInByApi(page, user.email);
    await page.goto('/enquiry');
    const entry = mainMenu(page).locator('[data-menu="businessData"]');
    await expect(entry).toHaveText('Projektordner');
    await entry.click();
    await expectPath(page, '/business-data');
  });
}
