import type { Page } from '@playwright/test';
import { loginScreen, signInAs, signInByApi } from '../../support/auth';
import { expectNotFound, expectPath } from '../../support/shell';
import { expect, test } from '../../support/test';
import { DEMO } from '../../support/users';

/** SPEC §1/§2: the shell around every page: not-found text, footer, legal pages. */

async function expectFooter(page: Page): Promise<void> {
  const footer = page.locator('footer');
  await expect(footer.getByTestId('version')).toHaveText('v1.5.9');
  await expect(footer.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/imprint');
}

test('ein unbekannter Pfad zeigt angemeldet den Nicht-gefunden-Text im Rahmen der App', async ({ page }) => {
  await signInByApi(page, DEMO.kunde.email);
  await page.goto('/gibt-es-nicht/1');
  await expectNotFound(page);
  await expectPath(page, '/gibt-es-nicht/1');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('main-menu')).toBeVisible();

  // The menu still works from there.
  await page.getByTestId('main-menu').locator('[data-menu="offer"]').click();
  await expectPath(page, '/offer');
  await expect(page.getByText('Die aufgerufene URL konnte nicht zugeordnet werden.')).toHaveCount(0);
});

test('ein unbekannter Pfad zeigt abgemeldet die Anmeldung', async ({ page }) => {
  await page.goto('/gibt-es-nicht');
  await expect(loginScreen(page).heading).toBeVisible();
  await expect(page.getByText('Die aufgerufene URL konnte nicht zugeordnet werden.')).toHaveCount(0);
});

test('die Fußzeile zeigt v1.5.9, Datenschutz und Impressum – abgemeldet und angemeldet', async ({ page }) => {
  await page.goto('/login');
  await expectFooter(page);
  await page.locator('footer').getByRole('link', { name: 'Impressum' }).click();
  await expectPath(page, '/imprint');
  await expect(page.getByRole('heading', { name: 'Impressum', exact: true })).toBeVisible();

  await page.goto('/login');
  await signInAs(page, DEMO.mitarbeiter.email);
  await expectFooter(page);
  await page.locator('footer').getByRole('link', { name: 'Datenschutz' }).click();
  await expectPath(page, '/privacy');
  await expect(page.getByRole('heading', { name: 'Datenschutzerklärung', exact: true })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('bei ausstehender Registrierung bleiben Profil und Rechtstexte erreichbar', async ({ page }) => {
  await signInAs(page, DEMO.neu.email);
  await expectPath(page, '/profile');
  for (const path of ['/imprint', '/privacy', '/tom', '/avb', '/subcontractors']) {
    await page.goto(path);
    await expectPath(page, path);
  }
  await page.goto('/user');
  await expectPath(page, '/profile');
  await page.goto('/register');
  await expectPath(page, '/profile');
});
