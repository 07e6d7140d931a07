import type { Page } from '@playwright/test';
import { signInByApi } from '../../support/auth';
import { changeHistory, expectChange, expectToast, stamp } from '../../support/forms';
import { expect, test } from '../../support/test';
import { DEMO } from '../../support/users';

/**
 * The unit form (SPEC §2 /fieldvalues/unit/new and /{id}) saves in a real browser: the operator admin
 * creates a unit of the journey's own, finds its names after a reload, renames it and sees the change in
 * the history.
 */
function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

test('Einheit anlegen, nach dem Neuladen sehen, umbenennen und die Änderung im Verlauf finden', async ({
  page,
}) => {
  // A whole form journey with two saves and reloads; the shared test machine is slow at times.
  const id = stamp();
  const name = `E2E Bund ${id}`;
  await signInByApi(page, DEMO.admin.email);
  await page.goto('/fieldvalues/unit');
  await page.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page).toHaveURL(/\/fieldvalues\/unit\/new$/);

  await field(page, 'Bezeichnung').fill(name);
  await field(page, 'Namensvarianten').fill(`Bd ${id}`);
  await field(page, 'Namensvarianten').press('Enter');
  await expect(page.getByTestId('name-variant')).toHaveText([`Bd ${id}`]);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Die Einheit wurde angelegt.');
  await expect(page).toHaveURL(/\/fieldvalues\/unit\/[0-9a-f-]{36}$/);

  await page.reload();
  await expect(field(page, 'Bezeichnung')).toHaveValue(name);
  await expect(page.getByTestId('name-variant')).toHaveText([`Bd ${id}`]);
  await expect(changeHistory(page)).toBeVisible();

  await field(page, 'Bezeichnung').fill(`${name} (lose)`);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Die Einheit wurde gespeichert.');
  await expectChange(page, 'Bezeichnung', name, `${name} (lose)`);
  await page.reload();
  await expect(field(page, 'Bezeichnung')).toHaveValue(`${name} (lose)`);
  await expectChange(page, 'Bezeichnung', name, `${name} (lose)`);
});
