import { statSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signInAs, signOut } from '../support/auth';
import { type Mail, readMails } from '../support/mail';
import { expectPath, mainMenu, menuIds } from '../support/shell';
import { expect, expectConsoleErrors, failedResource, test } from '../support/test';
import { DEMO, DEMO_PASSWORD } from '../support/users';

/**
 * Account journeys (SPEC §2, §5): register, the forced initial password change, forgot/reset by mail, legal pages.
 * Demo users of their own (server/src/seed/demo.ts): nobody else signs in with them.
 */
const INITIAL = { email: 'initial@demo.local', name: 'Ingo Initial' };
const FORGOTTEN = { email: 'vergessen@demo.local', name: 'Vera Vergessen' };

/** The SPEC §4/§9 terms as the general terms state them. */
const AVB_TERMS = [
  'freibleibend und unverbindlich',
  'zwei Wochen gebunden',
  'erst mit der Auftragsbestätigung des Lieferanten zustande',
  'innerhalb von 8 Tagen',
  '12 Monate',
  '0,5 %',
  'höchstens 5 %',
  '10 %',
  '9 Prozentpunkten über dem jeweiligen Basiszinssatz',
];
const PRIVACY_TERMS = [
  'bis zu 6 Monate',
  'bis zu zwei Jahre',
  'Nach 14 Monaten werden die Analysedaten anonymisiert',
];

function passwordInput(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
}

/** A mail to `to` written after `since` (a retry must not pick up the code of an earlier attempt). */
async function waitForNewMail(to: string, since: number): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = readMails().find(
          (mail) => mail.to.includes(to) && statSync(mail.file).mtimeMs >= since - 1000,
        );
        return found !== undefined;
      },
      { message: `Mail an ${to}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

test('Registrierung über den Assistenten: danach nur das Profil mit dem Hinweis auf die Freigabe', async ({
  page,
}) => {
  const mail = `e2e-registrierung-${Date.now()}@example.test`;
  await page.goto('/register?info=Messe%20Hannover');

  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Vorname ist ein Pflichtfeld.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Vorname' }).fill('Rita');
  await page.getByRole('textbox', { name: 'Nachname' }).fill('Register');
  await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('+49-511-4711');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await page.getByRole('textbox', { name: 'E-Mail' }).fill(mail);
  await passwordInput(page, 'Passwort').fill('geheim1');
  await passwordInput(page, 'Passwort wiederholen').fill('geheim2');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Diese Passwörter stimmen nicht überein')).toBeVisible();
  await passwordInput(page, 'Passwort wiederholen').fill('geheim1');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await page.getByRole('textbox', { name: 'Firmenname' }).fill(`E2E Registrierung ${Date.now()} GmbH`);
  await page.getByRole('textbox', { name: 'Straße' }).fill('Messegelände');
  await page.getByRole('textbox', { name: 'Hausnummer' }).fill('1');
  await page.getByRole('textbox', { name: 'PLZ' }).fill('30521');
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Hannover');
  await expect(page.getByRole('textbox', { name: 'Zusatzinformation' })).toHaveValue('Messe Hannover');
  const finish = page.getByRole('button', { name: 'Registrierung abschließen' });
  await expect(finish).toBeDisabled();
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  await expect(finish).toBeDisabled();
  await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
  await finish.click();

  await expectPath(page, '/profile');
  await expect(page.getByTestId('profile-greeting')).toHaveText('Hallo Rita Register');
  await expect(page.getByTestId('notice-pending')).toBeVisible();
  await expect(page.getByTestId('profile-role')).toHaveText('Kunde');
  await expect(page.getByTestId('profile-admin')).toHaveText('Ja (Admin)');
  expect(await menuIds(page)).toEqual(['profile']);
  for (const path of ['/enquiry', '/user', '/', '/register']) {
    await page.goto(path);
    await expectPath(page, '/profile');
  }
  await page.goto('/avb');
  await expectPath(page, '/avb');

  const welcome = await waitForNewMail(mail, 0);
  expect(welcome.subject).toBe('Ihre Registrierung im Schaltschrank-Portal');
});

test('wer sein Initialpasswort ändern muss, kommt erst danach ins Portal', async ({ page }) => {
  await signInAs(page, INITIAL.email);
  await expectPath(page, '/profile');
  await expect(page.getByTestId('notice-password')).toBeVisible();
  expect(await menuIds(page)).toEqual(['profile']);
  await page.goto('/enquiry');
  await expectPath(page, '/profile');

  await passwordInput(page, 'Aktuelles Passwort').fill(DEMO_PASSWORD);
  await passwordInput(page, 'Neues Passwort').fill('selbst-gewaehlt-1');
  await passwordInput(page, 'Neues Passwort wiederholen').fill('selbst-gewaehlt-2');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();
  await passwordInput(page, 'Neues Passwort wiederholen').fill('selbst-gewaehlt-1');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Passwort erfolgreich erstellt.')).toBeVisible();

  await expect(page.getByTestId('notice-password')).toHaveCount(0);
  await expect(mainMenu(page).locator('[data-menu="enquiry"]')).toBeVisible();
  await page.goto('/enquiry');
  await expectPath(page, '/enquiry');
  await expect(page.getByTestId('user-menu')).toContainText(INITIAL.name);
});

test('Passwort vergessen: Link aus der Mail öffnen, neues Passwort setzen, damit anmelden', async ({
  page,
}) => {
  const since = Date.now();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen' }).click();
  await expectPath(page, '/forget');
  // The login page (with its own E-Mail field) stays visible while the lazy page loads.
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-Mail' }).fill(FORGOTTEN.email);
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByTestId('forget-sent')).toBeVisible();

  const mail = await waitForNewMail(FORGOTTEN.email, since);
  expect(mail.subject).toBe('Passwort zurücksetzen – Schaltschrank-Portal');
  const link = mail.links.find((candidate) => candidate.includes('/action?mode=resetPassword&oobCode='));
  expect(link, 'Link zum Zurücksetzen in der Mail').toBeDefined();

  await page.goto(link!);
  await expectPath(page, '/reset');
  await expect(page.getByText(FORGOTTEN.email)).toBeVisible();
  const newPassword = `neu-${Date.now()}`;
  await passwordInput(page, 'Neues Passwort').fill(newPassword);
  await passwordInput(page, 'Passwort bestätigen').fill(newPassword);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();

  await expectPath(page, '/login');
  await signInAs(page, FORGOTTEN.email, newPassword);
  await expect(page.getByTestId('user-menu')).toContainText(FORGOTTEN.name);

  // The link is single-use: the second check of its code is refused (400). Signed out through the menu, so
  // no page of the old session is left to ask the server without it.
  await signOut(page);
  expectConsoleErrors(page, failedResource(400));
  await page.goto(link!);
  await expect(page.getByText('ungültig oder wurde bereits verwendet')).toBeVisible();
});

test('/action ohne Code führt zur Startseite, ein unbekannter Modus scheitert', async ({ page }) => {
  await page.goto('/action?mode=resetPassword');
  await expectPath(page, '/');
  await page.goto('/action?mode=etwasAnderes&oobCode=abc');
  await expect(page.getByText('Der Link enthält eine ungültige Aktion.', { exact: false })).toBeVisible();
  await page.goto('/reset');
  await expectPath(page, '/');
});

test('die Rechtstexte nennen die Bedingungen, abgemeldet geht es zurück zur Anmeldung', async ({ page }) => {
  await page.goto('/avb');
  await expect(
    page.getByRole('heading', { name: 'Allgemeine Geschäftsbedingungen', exact: true }),
  ).toBeVisible();
  for (const term of AVB_TERMS) await expect(page.getByText(term).first()).toBeVisible();

  await page.goto('/privacy');
  for (const term of PRIVACY_TERMS) await expect(page.getByText(term).first()).toBeVisible();

  for (const [path, heading] of [
    ['/imprint', 'Impressum'],
    ['/tom', 'Technische und organisatorische Maßnahmen'],
    ['/subcontractors', 'Unterauftragsverarbeiter'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).first().click();
  await expectPath(page, '/login');
});

test('angemeldet: Rechtstexte führen zurück zum Profil, der AVV ist ein PDF', async ({ page }) => {
  await signInAs(page, DEMO.kunde.email);
  await page.goto('/tom');
  await page.getByRole('link', { name: 'Zurück zum Profil' }).first().click();
  await expectPath(page, '/profile');
  await expect(page.getByTestId('profile-greeting')).toHaveText(`Hallo ${DEMO.kunde.name}`);

  const download = page.waitForEvent('download');
  await page.getByTestId('avv-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('AVV.pdf');
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
