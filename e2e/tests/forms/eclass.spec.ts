import { signInByApi } from '../../support/auth';
import { expectHistoryRow } from '../../support/forms-b';
import { expect, test } from '../../support/test';
import { DEMO } from '../../support/users';

/** An 8-digit E-Class number of this run (SPEC §5), unlikely to be taken by the demo data or another run. */
function eclassNumber(): string {
  return `9${String(Date.now() % 10_000_000).padStart(7, '0')}`;
}

/**
 * SPEC §2 E-Class form, new and edit (operator admin): creating an entry stays on its page with its history,
 * a reload shows the saved values, and a change appears in the change history.
 */
test('E-Class-Eintrag anlegen, neu laden, ändern und die Änderung im Verlauf sehen', async ({ page }) => {
  const number = eclassNumber();
  const description = `E2E Schütz ${number}`;
  await signInByApi(page, DEMO.admin.email);
  await page.goto('/fieldvalues/eclass');
  await page.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page).toHaveURL(/\/fieldvalues\/eclass\/new$/);

  await page.getByRole('textbox', { name: 'E-Class-Nummer' }).fill(number);
  await page.getByRole('textbox', { name: 'Beschreibung' }).fill(description);
  await page.getByRole('textbox', { name: 'Arbeitszeit (Minuten pro Stück)' }).fill('2,5');
  await page.getByRole('textbox', { name: 'Sortierung 1. Ebene' }).fill('27');
  await page.getByRole('textbox', { name: 'Sortierung 2. Ebene' }).fill('37');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Der E-Class-Eintrag wurde gespeichert.')).toBeVisible();
  await expect(page).toHaveURL(/\/fieldvalues\/eclass\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `E-Class-Eintrag ${number}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Änderungsverlauf' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'E-Class-Nummer' })).toHaveValue(number);
  await expect(page.getByRole('textbox', { name: 'Beschreibung' })).toHaveValue(description);
  await expect(page.getByRole('textbox', { name: 'Arbeitszeit (Minuten pro Stück)' })).toHaveValue('2,5');
  await expect(page.getByRole('textbox', { name: 'Sortierung 1. Ebene' })).toHaveValue('27');
  await expect(page.getByRole('textbox', { name: 'Sortierung 2. Ebene' })).toHaveValue('37');

  await page.getByRole('textbox', { name: 'Arbeitszeit (Minuten pro Stück)' }).fill('4');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Der E-Class-Eintrag wurde gespeichert.')).toBeVisible();
  await expectHistoryRow(page, 'Arbeitszeit', '2,5', '4');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Arbeitszeit (Minuten pro Stück)' })).toHaveValue('4');
  await expectHistoryRow(page, 'Arbeitszeit', '2,5', '4');
});
