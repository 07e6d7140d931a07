import { setPasswordFromLink, signInAs, signInByApi } from '../support/auth';
import { waitForMail } from '../support/mail';
import { expectNotFound, expectPath } from '../support/shell';
import { expect, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * Company and user journeys (SPEC §6). They change data, so each creates its own company or user (journeys run in parallel;
 * the seeded pending demo registration stays pending for the sign-in journeys).
 */

test('the operator releases a pending registration and its user can then work', async ({ page, request }) => {
  const stamp = Date.now();
  const companyName = `E2E Freigabe ${stamp} GmbH`;
  const email = `e2e-freigabe-${stamp}@example.test`;
  const registered = await request.post('/api/user/register', {
    data: {
      user: {
        name: 'Frieda',
        lastname: 'Freigabe',
        phoneNumber: '+49 30 1234',
        mail: email,
        password: 'geheim123',
      },
      company: { name: companyName, street: 'Am Werk', houseNo: '4', zip: '10115', city: 'Berlin' },
      acceptPrivacy: true,
      acceptTerms: true,
    },
  });
  expect(registered.status()).toBe(201);

  await signInByApi(page, DEMO.admin.email);
  await page.goto('/company');
  await page.getByRole('textbox', { name: 'Suchen' }).fill(companyName);
  const row = page.getByRole('row', { name: new RegExp(companyName) });
  await expect(row.getByText('ausstehend')).toBeVisible();
  await row.getByRole('button', { name: 'Anzeigen' }).click();
  const since = Date.now();
  await page.getByTestId('release-company').click();
  await expect(page.getByText('Die Registrierung wurde freigegeben.')).toBeVisible();
  await expect(page.getByTestId('release-company')).toHaveCount(0);

  const mail = await waitForMail(email, { subject: 'freigeschaltet', since });
  expect(mail.text).toContain(companyName);

  await page.context().clearCookies();
  await page.goto('/');
  await signInAs(page, email, 'geheim123');
  await expectPath(page, '/enquiry');
  await expect(page.getByTestId('main-menu').locator('[data-menu="offer"]')).toBeVisible();
});

test('a customer admin adds a colleague who receives the invitation and signs in', async ({ page }) => {
  const email = `e2e-kollege-${Date.now()}@example.test`;
  await signInByApi(page, DEMO.kunde.email);
  await page.goto('/user');
  await page.getByRole('button', { name: 'Nutzer hinzufügen' }).click();
  await expectPath(page, '/user/new');
  await page.getByRole('textbox', { name: 'Vorname' }).fill('Konrad');
  await page.getByRole('textbox', { name: 'Nachname' }).fill('Kollege');
  await page.getByRole('textbox', { name: 'E-Mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('+49 7161 555-12');
  await expect(page.getByRole('textbox', { name: 'Unternehmen' })).toHaveValue(DEMO.kunde.company);
  const since = Date.now();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('per E-Mail eingeladen')).toBeVisible();

  const invitation = await waitForMail(email, { subject: 'Einladung', since });
  expect(invitation.text).toContain(DEMO.kunde.company);
  const link = invitation.links.find((candidate) =>
    candidate.includes('/action?mode=resetPassword&oobCode='),
  );
  expect(link, 'Link zum Festlegen des Passworts').toBeDefined();
  await setPasswordFromLink(page, link!, email);
  await expectPath(page, '/enquiry');
  await expect(page.getByTestId('user-menu')).toContainText('Konrad Kollege');
});

test('a customer admin sees the own company only', async ({ page }) => {
  await signInByApi(page, DEMO.kunde.email);
  await page.goto('/user');
  await expect(page.getByRole('row', { name: /einkauf@demo\.local/ })).toBeVisible();
  // no company column and no company filter for customers
  await expect(page.getByRole('columnheader', { name: 'Unternehmen' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Suchen' }).fill('lieferant@demo.local');
  await expect(page.getByText('Keine Nutzer gefunden.')).toBeVisible();
  await page.goto('/company');
  await expectNotFound(page);
  const companies = await page.request.get('/api/company/all');
  expect(companies.status()).toBe(403);
});

test('the operator staff sees the user list read-only', async ({ page }) => {
  await signInByApi(page, DEMO.mitarbeiter.email);
  await page.goto('/user');
  await expect(page.getByRole('row', { name: /kunde@demo\.local/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nutzer hinzufügen' })).toHaveCount(0);
  await expect(page.getByTestId('last-logins')).toBeVisible();
});
