import { signInByApi } from '../../support/auth';
import { changeHistory, expectChange, expectToast, stamp } from '../../support/forms';
import { expect, test } from '../../support/test';
import { DEMO } from '../../support/users';

/**
 * The company form (SPEC §2 /company/new, /company/{id}) saves in a real browser: the operator admin
 * creates a company, finds its values after a reload, changes one and sees it in the change history.
 */
test('Unternehmen anlegen, nach dem Neuladen sehen, ändern und die Änderung im Verlauf finden', async ({
  page,
}) => {
  // A whole form journey with two saves and reloads; the shared test machine is slow at times.
  const id = stamp();
  const name = `E2E Formular ${id} GmbH`;
  await signInByApi(page, DEMO.admin.email);
  await page.goto('/company');
  await page.getByRole('button', { name: 'Unternehmen hinzufügen' }).click();
  await expect(page).toHaveURL(/\/company\/new$/);

  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  await field('Name').fill(name);
  await page.getByRole('combobox', { name: 'Typ' }).click();
  await page.getByRole('option', { name: 'Kunde', exact: true }).click();
  await field('Kundennummer').fill(`K-${id}`);
  await field('Straße').fill('Industriestraße');
  await field('Hausnummer').fill('12a');
  await field('PLZ').fill('73033');
  await field('Ort').fill('Göppingen');
  await field('Zusätzliche Informationen').fill('Anlieferung über Tor 3');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Das Unternehmen wurde gespeichert.');
  await expect(page).toHaveURL(/\/company\/[0-9a-f-]{36}$/);

  await page.reload();
  await expect(field('Name')).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: 'Typ' })).toHaveValue('Kunde');
  await expect(field('Kundennummer')).toHaveValue(`K-${id}`);
  await expect(field('Straße')).toHaveValue('Industriestraße');
  await expect(field('Hausnummer')).toHaveValue('12a');
  await expect(field('PLZ')).toHaveValue('73033');
  await expect(field('Ort')).toHaveValue('Göppingen');
  await expect(field('Zusätzliche Informationen')).toHaveValue('Anlieferung über Tor 3');
  await expect(page.getByRole('switch', { name: 'Aktiv' })).toBeChecked();
  await expect(changeHistory(page)).toBeVisible();

  await field('Ort').fill('Esslingen am Neckar');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expectToast(page, 'Das Unternehmen wurde gespeichert.');
  await expectChange(page, 'Ort', 'Göppingen', 'Esslingen am Neckar');
  await page.reload();
  await expect(field('Ort')).toHaveValue('Esslingen am Neckar');
  await expectChange(page, 'Ort', 'Göppingen', 'Esslingen am Neckar');
});
