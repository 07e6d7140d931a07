import type { Page } from '@playwright/test';
import { signInByApi } from '../../support/auth';
import { changeHistory, expectChange, expectToast, stamp } from '../../support/forms';
import { expect, test } from '../../support/test';
import { DEMO } from '../../support/users';

/**
 * The manufacturer form (SPEC §2 /fieldvalues/manufacturer/new and /{id}) saves in a real browser: the
 * operator admin creates a manufacturer of the journey's own, finds its values after a reload, changes the
 * abbreviation and sees the change in the history.
 */
function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

test('Hersteller anlegen, nach dem Neuladen sehen, ändern und die Änderung im Verlauf finden', async ({
  page,
}) => {
  // A whole form journey with two saves and reloads; the shared test machine is slow at times.
  const id = stamp();
  const name = `E2E Hersteller ${id}`;
  await signInByApi(page, DEMO.admin.email);
  await page.goto('/fieldvalues/manufacturer');
  await page.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page).toHaveURL(/\/fieldvalues\/manufacturer\/new$/);

  await field(page, 'Bezeichnung').fill(name);
  await field(page, 'Namensvarianten').fill(`${name} Werk Nord`);
  await field(page, 'Namensvarianten').press('Enter');
  await expect(page.getByTestId('name-variant')).toHaveText([`${name} Werk Nord`]);
  await field(page, 'Kürzel').fill(`H${id}`);
  await field(page, 'Link').fill('https://www.example.com/hersteller');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Der Hersteller wurde angelegt.');
  await expect(page).toHaveURL(/\/fieldvalues\/manufacturer\/[0-9a-f-]{36}$/);

  await page.reload();
  await expect(field(page, 'Bezeichnung')).toHaveValue(name);
  await expect(page.getByTestId('name-variant')).toHaveText([`${name} Werk Nord`]);
  await expect(field(page, 'Kürzel')).toHaveValue(`H${id}`);
  await expect(field(page, 'Link')).toHaveValue('https://www.example.com/hersteller');
  await expect(changeHistory(page)).toBeVisible();

  await field(page, 'Kürzel').fill(`HN${id}`);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Der Hersteller wurde gespeichert.');
  await expectChange(page, 'Kürzel', `H${id}`, `HN${id}`);
  await page.reload();
  await expect(field(page, 'Kürzel')).toHaveValue(`HN${id}`);
  await expectChange(page, 'Kürzel', `H${id}`, `HN${id}`);
});
