import type { Page } from '@playwright/test';
import { signInByApi } from '../../support/auth';
import { expectChange, expectToast, stamp } from '../../support/forms';
import { expect, test } from '../../support/test';

/**
 * The profile's two forms (SPEC §2 Profile) save in a real browser, for a person of the journey's own: a
 * fresh registration (the profile is open while the release is pending, SPEC §4) changes the personal data,
 * finds it after a reload and in the own change history, then changes the password and signs in with it.
 */
function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

function passwordInput(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
}

test('Profil: persönliche Daten speichern, neu laden, im Verlauf sehen und das Passwort ändern', async ({
  page,
}) => {
  // A whole form journey with two saves and reloads; the shared test machine is slow at times.
  const id = stamp();
  const email = `e2e-profil-${id.toLowerCase()}@example.test`;
  const firstPassword = `erstes-${id}`;
  const registered = await page.request.post('/api/user/register', {
    data: {
      user: {
        name: 'Paula',
        lastname: 'Profil',
        phoneNumber: '+49 30 1000',
        mail: email,
        password: firstPassword,
      },
      company: {
        name: `E2E Profil ${id} GmbH`,
        street: 'Am Werk',
        houseNo: '4',
        zip: '10115',
        city: 'Berlin',
      },
      acceptPrivacy: true,
      acceptTerms: true,
    },
  });
  // The registration signs the new person in (its answer sets the session cookie of this context).
  expect(registered.status()).toBe(201);
  await page.goto('/profile');

  const personal = page.getByRole('button', { name: 'Speichern' });
  await expect(field(page, 'Vorname')).toHaveValue('Paula');
  await field(page, 'Vorname').fill('Paulina');
  await field(page, 'Nachname').fill(`Profil-${id}`);
  await field(page, 'Telefonnummer').fill('+49 30 2000-1');
  await personal.click();
  await expectToast(page, 'Ihre Daten wurden gespeichert.');

  await page.reload();
  await expect(page.getByTestId('profile-greeting')).toHaveText(`Hallo Paulina Profil-${id}`);
  await expect(field(page, 'Vorname')).toHaveValue('Paulina');
  await expect(field(page, 'Nachname')).toHaveValue(`Profil-${id}`);
  await expect(field(page, 'Telefonnummer')).toHaveValue('+49 30 2000-1');
  await expect(field(page, 'E-Mail')).toHaveValue(email);
  await expectChange(page, 'Vorname', 'Paula', 'Paulina');

  await field(page, 'Telefonnummer').fill('+49 30 2000-2');
  await personal.click();
  await expectToast(page, 'Ihre Daten wurden gespeichert.');
  await expectChange(page, 'Telefonnummer', '+49 30 2000-1', '+49 30 2000-2');
  await page.reload();
  await expect(field(page, 'Telefonnummer')).toHaveValue('+49 30 2000-2');
  await expectChange(page, 'Telefonnummer', '+49 30 2000-1', '+49 30 2000-2');

  // The password change form: the new password is the one that signs in from now on.
  const newPassword = `zweites-${id}`;
  await passwordInput(page, 'Aktuelles Passwort').fill(firstPassword);
  await passwordInput(page, 'Neues Passwort').fill(newPassword);
  await passwordInput(page, 'Neues Passwort wiederholen').fill(newPassword);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expectToast(page, 'Passwort erfolgreich erstellt.');
  await expect(passwordInput(page, 'Aktuelles Passwort')).toHaveValue('');
  await page.reload();
  await expect(field(page, 'Vorname')).toHaveValue('Paulina');
  await page.context().clearCookies();
  await signInByApi(page, email, newPassword);
});
