import type { Page } from '@playwright/test';
import { signInByApi } from '../../support/auth';
import { apiPost, changeHistory, expectChange, expectToast, stamp } from '../../support/forms';
import { expect, test } from '../../support/test';
import { DEMO } from '../../support/users';

/**
 * The discount group form (SPEC §2 /fieldvalues/discount/new and /{id}) saves in a real browser, with a
 * wholesaler discount: the operator admin creates a group for a manufacturer and a wholesaler of the
 * journey's own, finds its values after a reload, changes the percentages and sees them in the history.
 */
function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

async function choose(page: Page, label: string, option: string, nth = 0) {
  await page.getByRole('combobox', { name: label, exact: true }).nth(nth).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('Rabattgruppe mit Großhändlerrabatt anlegen, nach dem Neuladen sehen, ändern und im Verlauf finden', async ({
  page,
}) => {
  // A whole form journey with two saves and reloads; the shared test machine is slow at times.
  const id = stamp();
  const manufacturer = `E2E Rabatthersteller ${id}`;
  const wholesaler = `E2E Großhandel ${id}`;
  const name = `E2E Gruppe ${id}`;
  await signInByApi(page, DEMO.admin.email);
  await page.goto('/fieldvalues/discount');
  await apiPost(page, '/manufacturer/', { displayName: manufacturer });
  await apiPost(page, '/wholesaler/', { displayName: wholesaler });

  await page.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page).toHaveURL(/\/fieldvalues\/discount\/new$/);
  await field(page, 'Bezeichnung').fill(name);
  await choose(page, 'Hersteller', manufacturer);
  await field(page, 'Rabatt (%)').fill('30');
  await page.getByRole('button', { name: 'Großhändlerrabatt hinzufügen' }).click();
  await choose(page, 'Großhändler', wholesaler);
  await field(page, 'Rabatt (%)').nth(1).fill('12,5');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Die Rabattgruppe wurde angelegt.');
  await expect(page).toHaveURL(/\/fieldvalues\/discount\/[0-9a-f-]{36}$/);

  await page.reload();
  await expect(field(page, 'Bezeichnung')).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: 'Hersteller', exact: true })).toHaveValue(manufacturer);
  await expect(field(page, 'Rabatt (%)').first()).toHaveValue('30');
  await expect(page.getByRole('combobox', { name: 'Großhändler', exact: true })).toHaveValue(wholesaler);
  await expect(field(page, 'Rabatt (%)').nth(1)).toHaveValue('12,5');
  await expect(changeHistory(page)).toBeVisible();

  await field(page, 'Rabatt (%)').first().fill('32,5');
  await field(page, 'Rabatt (%)').nth(1).fill('15');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Die Rabattgruppe wurde gespeichert.');
  await expectChange(page, 'Rabatt (%)', '30', '32,5');
  await expectChange(page, 'Großhändlerrabatte', `${wholesaler} 12,5`, `${wholesaler} 15`);
  await page.reload();
  await expect(field(page, 'Rabatt (%)').first()).toHaveValue('32,5');
  await expect(field(page, 'Rabatt (%)').nth(1)).toHaveValue('15');
  await expectChange(page, 'Rabatt (%)', '30', '32,5');
});
