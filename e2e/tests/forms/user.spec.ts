import { signInByApi } from '../../support/auth';
import { apiPost, changeHistory, expectChange, expectToast, stamp } from '../../support/forms';
import { expect, test } from '../../support/test';
import { DEMO } from '../../support/users';

/**
 * The user form (SPEC §2 /user/new, /user/{id}) saves in a real browser: the operator admin invites a user
 * into a customer company, a customer admin edits a colleague; both find the values after a reload and the
 * change in the history.
 */
function field(page: import('@playwright/test').Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

test('der Betreiber legt einen Nutzer an, sieht ihn nach dem Neuladen, ändert ihn und sieht den Verlauf', async ({
  page,
}) => {
  // A whole form journey with two saves and reloads; the shared test machine is slow at times.
  const id = stamp();
  const email = `e2e-nutzer-${id.toLowerCase()}@example.test`;
  await signInByApi(page, DEMO.admin.email);
  await page.goto('/user');
  await page.getByRole('button', { name: 'Nutzer hinzufügen' }).click();
  await expect(page).toHaveURL(/\/user\/new$/);

  await field(page, 'Vorname').fill('Ulla');
  await field(page, 'Nachname').fill(`Umsicht ${id}`);
  await field(page, 'E-Mail').fill(email);
  await field(page, 'Telefonnummer').fill('+49 711 4711-0');
  await page.getByRole('combobox', { name: 'Unternehmen' }).fill('Muster Maschinen');
  await page.getByRole('option', { name: DEMO.kunde.company, exact: true }).click();
  await page.getByRole('switch', { name: 'Administrator' }).check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Der Nutzer wurde angelegt und per E-Mail eingeladen');
  await expect(page).toHaveURL(/\/user\/[0-9a-f-]{36}$/);

  await page.reload();
  await expect(field(page, 'Vorname')).toHaveValue('Ulla');
  await expect(field(page, 'Nachname')).toHaveValue(`Umsicht ${id}`);
  await expect(field(page, 'E-Mail')).toHaveValue(email);
  await expect(field(page, 'Telefonnummer')).toHaveValue('+49 711 4711-0');
  await expect(page.getByRole('combobox', { name: 'Unternehmen' })).toHaveValue(DEMO.kunde.company);
  await expect(page.getByRole('switch', { name: 'Administrator' })).toBeChecked();
  await expect(changeHistory(page)).toBeVisible();

  await field(page, 'Telefonnummer').fill('+49 711 4711-99');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Der Nutzer wurde gespeichert.');
  await expectChange(page, 'Telefonnummer', '+49 711 4711-0', '+49 711 4711-99');
  await page.reload();
  await expect(field(page, 'Telefonnummer')).toHaveValue('+49 711 4711-99');
  await expectChange(page, 'Telefonnummer', '+49 711 4711-0', '+49 711 4711-99');
});

test('ein Kunden-Admin ändert einen Kollegen und sieht die Änderung im Verlauf', async ({ page }) => {
  // A whole form journey with two saves and reloads; the shared test machine is slow at times.
  const id = stamp();
  await signInByApi(page, DEMO.kunde.email);
  await page.goto('/user');
  const colleague = await apiPost<{ id: string }>(page, '/user/', {
    name: 'Karl',
    lastname: `Kollege ${id}`,
    mail: `e2e-kollege-${id.toLowerCase()}@example.test`,
    phoneNumber: '+49 7161 1',
    admin: false,
  });

  await page.goto(`/user/${colleague.id}`);
  await expect(field(page, 'Nachname')).toHaveValue(`Kollege ${id}`);
  await expect(field(page, 'Unternehmen')).toHaveValue(DEMO.kunde.company);
  await field(page, 'Vorname').fill('Karla');
  await page.getByRole('switch', { name: 'Administrator' }).check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Der Nutzer wurde gespeichert.');

  await page.reload();
  await expect(field(page, 'Vorname')).toHaveValue('Karla');
  await expect(page.getByRole('switch', { name: 'Administrator' })).toBeChecked();
  await expectChange(page, 'Vorname', 'Karl', 'Karla');
  await expectChange(page, 'Administrator', 'Nein', 'Ja');
});
