import { signInByApi } from '../../support/auth';
import { stamp } from '../../support/forms-b';
import { expect, test } from '../../support/test';
import { DEMO } from '../../support/users';

/**
 * SPEC §2 wholesaler form (operator admin): create, reload, rename, reload. Wholesalers carry no change
 * entries (SPEC §3), so the rename is seen in the form and the list after a reload.
 */
test('Großhändler anlegen, neu laden, umbenennen und wieder laden', async ({ page }) => {
  const name = `E2E Großhandel ${stamp()}`;
  await signInByApi(page, DEMO.admin.email);
  await page.goto('/fieldvalues/wholesaler');
  await page.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page).toHaveURL(/\/fieldvalues\/wholesaler\/new$/);
  await expect(page.getByRole('heading', { name: 'Großhändler anlegen' })).toBeVisible();

  const displayName = page.getByRole('textbox', { name: 'Bezeichnung' });
  await displayName.fill(name);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Der Großhändler wurde angelegt.')).toBeVisible();
  await expect(page).toHaveURL(/\/fieldvalues\/wholesaler\/[0-9a-f-]{36}$/);

  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(displayName).toHaveValue(name);

  await displayName.fill(`${name} Süd`);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Der Großhändler wurde gespeichert.')).toBeVisible();
  await page.reload();
  await expect(displayName).toHaveValue(`${name} Süd`);

  await page.goto(`/fieldvalues/wholesaler?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('cell', { name: `${name} Süd`, exact: true })).toBeVisible();
});
