import { loginScreen, SIGN_IN_FAILED_TEXT, signInAs, signOut, submitSignIn } from '../../support/auth';
import { expectPath } from '../../support/shell';
import { expect, expectConsoleErrors, failedResource, test } from '../../support/test';
import { DEMO } from '../../support/users';

/** SPEC §2 Login, deep links, `/login/{id}` and sign-out. */

/** The error page's text for a record that does not exist (SPEC §8 NOT_FOUND). */
const NOT_FOUND_TEXT = 'Der angeforderte Eintrag wurde nicht gefunden.';

test('falsches Passwort zeigt den Fehlertext und meldet nicht an', async ({ page }) => {
  // The refused sign-ins (401) are the subject of this journey.
  expectConsoleErrors(page, failedResource(401));
  await page.goto('/login');
  await submitSignIn(page, DEMO.einkauf.email, 'falsch-falsch');
  await expect(loginScreen(page).error).toBeVisible();
  await expect(page.getByText(SIGN_IN_FAILED_TEXT)).toHaveCount(1);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await expectPath(page, '/login');

  // The same text for an unknown address: nothing tells whether the account exists.
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-in'));
  await submitSignIn(page, 'niemand@demo.local', 'demo1234');
  expect((await answer).status()).toBe(401);
  await expect(loginScreen(page).error).toBeVisible();

  // The correct password still works afterwards.
  await loginScreen(page).password.fill('demo1234');
  await loginScreen(page).email.fill(DEMO.einkauf.email);
  await loginScreen(page).submit.click();
  await expectPath(page, '/enquiry');
});

test('leeres Formular nennt die fehlenden Angaben', async ({ page }) => {
  await page.goto('/login');
  await loginScreen(page).submit.click();
  await expect(page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeVisible();
  await expect(page.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeVisible();
  await expect(loginScreen(page).error).toHaveCount(0);
});

test('der Anmeldebildschirm verlinkt Passwort vergessen und Registrieren', async ({ page }) => {
  await page.goto('/login');
  await expect(loginScreen(page).heading).toBeVisible();
  await page.getByRole('link', { name: 'Passwort vergessen' }).click();
  await expectPath(page, '/forget');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Registrieren' }).click();
  await expectPath(page, '/register');
});

test('ein Deep-Link zeigt abgemeldet die Anmeldung und bleibt nach der Anmeldung erhalten', async ({
  page,
}) => {
  // The deep link names an offer that does not exist: its 404 ends on the error page.
  expectConsoleErrors(page, failedResource(404));
  await page.goto('/offer/123');
  await expect(loginScreen(page).heading).toBeVisible();
  await expect(page.getByTestId('main-menu')).toHaveCount(0);
  await expectPath(page, '/offer/123');

  await signInAs(page, DEMO.lieferant.email);
  await expectPath(page, '/offer/123');
  await expect(loginScreen(page).heading).toHaveCount(0);
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await expect(page.getByTestId('main-menu').locator('[data-menu="offer"]')).toHaveAttribute(
    'data-active',
    'true',
  );
});

test('/login/{id} führt nach der Anmeldung zu /business-data/{id}', async ({ page }) => {
  // The links name folders that do not exist: their 404 shows the not-found text.
  expectConsoleErrors(page, failedResource(404));
  await page.goto('/login/abc');
  await expect(loginScreen(page).heading).toBeVisible();
  await signInAs(page, DEMO.extern.email);
  await expectPath(page, '/business-data/abc');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('main-menu').locator('[data-menu="businessData"]')).toHaveAttribute(
    'data-active',
    'true',
  );

  // Signed in, the same link forwards at once.
  await page.goto('/login/xyz');
  await expectPath(page, '/business-data/xyz');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('Abmelden führt zur Anmeldung und sperrt den Deep-Link wieder', async ({ page }) => {
  // The deep link names an order that does not exist: its 404 ends on the error page.
  expectConsoleErrors(page, failedResource(404));
  await page.goto('/order/42');
  await signInAs(page, DEMO.kunde.email);
  await expectPath(page, '/order/42');
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await expect(page.getByTestId('main-menu').locator('[data-menu="order"]')).toHaveAttribute(
    'data-active',
    'true',
  );

  await signOut(page);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  expect(await (await page.request.get('/api/auth/session')).json()).toBeNull();

  await page.goto('/order/42');
  await expect(loginScreen(page).heading).toBeVisible();
  await expect(page.getByTestId('main-menu')).toHaveCount(0);

  // Back and reload do not bring the signed-in page back either.
  await page.goBack();
  await page.reload();
  await expect(loginScreen(page).heading).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
});
