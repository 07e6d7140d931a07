import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signInByApi } from '../support/auth';
import { expect, expectConsoleErrors, failedResource, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * Field value journeys: the operator admin maintains field values (SPEC §2, §5). Each journey creates its own
 * records with a unique tag; the demo data is only read (Phoenix Contact's short name 'PXC').
 */
const VARIANT_TAKEN = 'Diese Bezeichnung wird bereits verwendet.';

function tag(): string {
  return `E2E ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** API calls of the signed-in browser context (writes need the portal's own Origin). */
async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const origin = new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? '') : page.url())
    .origin;
  const response = await page.request.post(`/api${path}`, { data, headers: { origin } });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

test.beforeEach(async ({ page }) => {
  await signInByApi(page, DEMO.admin.email);
});

test('Hersteller mit Namensvarianten anlegen, doppelte Variante sehen, Variante zur Bezeichnung machen', async ({
  page,
}) => {
  const name = tag();
  await page.goto('/fieldvalues');
  await page.getByRole('link', { name: 'Hersteller' }).click();
  await expect(page).toHaveURL(/\/fieldvalues\/manufacturer$/);
  await page.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page).toHaveURL(/\/fieldvalues\/manufacturer\/new$/);

  await page.getByRole('textbox', { name: 'Bezeichnung' }).fill(`${name} GmbH`);
  const variantInput = page.getByTestId('name-variant-input');
  await variantInput.fill(`  ${name}  `);
  await variantInput.press('Enter');
  await variantInput.fill(`${name} Werk Süd`);
  await variantInput.press('Enter');
  await expect(page.getByTestId('name-variant')).toHaveText([name, `${name} Werk Süd`]);

  // 'PXC' is Phoenix Contact's short name in the demo data; 'name gmbh' is this manufacturer's own name.
  await variantInput.fill('pxc');
  await variantInput.press('Enter');
  await expect(page.getByText(VARIANT_TAKEN)).toBeVisible();
  await variantInput.fill(`${name.toLowerCase()} gmbh`);
  await variantInput.press('Enter');
  await expect(page.getByText(VARIANT_TAKEN)).toBeVisible();
  await expect(page.getByTestId('name-variant')).toHaveCount(2);
  await variantInput.fill('');

  await page.getByRole('textbox', { name: 'Kürzel' }).fill(`K${Date.now().toString(36)}`);
  await page.getByRole('textbox', { name: 'Link' }).fill('https://www.example.com/hersteller');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Der Hersteller wurde angelegt.')).toBeVisible();
  await expect(page).toHaveURL(/\/fieldvalues\/manufacturer\/[0-9a-f-]{36}$/);

  await page.getByRole('button', { name: `„${name}“ als Bezeichnung verwenden` }).click();
  await expect(page.getByRole('textbox', { name: 'Bezeichnung' })).toHaveValue(name);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Der Hersteller wurde gespeichert.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Bezeichnung' })).toHaveValue(name);
  await expect(page.getByTestId('name-variant')).toHaveText([`${name} GmbH`, `${name} Werk Süd`]);
  await expect(page.getByRole('link', { name: 'Artikel anzeigen' })).toHaveAttribute(
    'href',
    /\/article\?manufacturer=/,
  );

  // The search of the list finds it by a variant, case-insensitively.
  await page.goto(`/fieldvalues/manufacturer?search=${encodeURIComponent(`${name} werk süd`.toUpperCase())}`);
  await expect(page.getByRole('table', { name: 'Hersteller' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
});

test('Zwei Einheiten zusammenführen', async ({ page }) => {
  const name = tag();
  await page.goto('/fieldvalues/unit');
  const survivor = await apiPost<{ id: string }>(page, '/unit/', {
    displayName: `${name} Rolle`,
    nameVariants: [`${name} Rl`],
  });
  await apiPost(page, '/unit/', { displayName: `${name} Ring`, nameVariants: [`${name} Rg`] });

  await page.goto(`/fieldvalues/unit?search=${encodeURIComponent(name)}`);
  const table = page.getByRole('table', { name: 'Einheiten' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await table.getByRole('checkbox', { name: 'Alle auswählen' }).check();
  await page.getByRole('button', { name: 'Zusammenführen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Einträge zusammenführen' });
  await dialog.getByRole('radio', { name: `${name} Rolle` }).check();
  await dialog.getByTestId('combine-confirm').click();
  await expect(page.getByText('1 Eintrag wurde zusammengeführt.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  await page.goto(`/fieldvalues/unit/${survivor.id}`);
  await expect(page.getByTestId('name-variant')).toHaveText([`${name} Rl`, `${name} Ring`, `${name} Rg`]);
});

test('Rabattgruppen als CSV exportieren, ändern und wieder importieren', async ({ page }) => {
  const name = tag();
  await page.goto('/fieldvalues/discount');
  const manufacturer = await apiPost<{ id: string }>(page, '/manufacturer/', {
    displayName: `${name} Hersteller`,
  });
  await apiPost(page, '/discountgroup/', {
    displayName: `${name} Gruppe, "Klemmen"`,
    nameVariants: [`${name} G1`],
    percent: 30,
    manufacturerId: manufacturer.id,
  });

  await page.goto(`/fieldvalues/discount?search=${encodeURIComponent(name)}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV-Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Rabattgruppen_\d{2}\.\d{2}\.\d{4}\.csv$/);
  const exported = readFileSync((await download.path())!, 'utf8');
  expect(exported.charCodeAt(0)).toBe(0xfeff);
  const row = `"${name} Hersteller","${name} Gruppe, ""Klemmen""","${name} G1","30",""`;
  expect(exported).toContain(row);

  const changed = exported.replace(row, row.replace('"30"', '"12,5"'));
  await page.getByRole('button', { name: 'CSV-Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'CSV-Datei importieren' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'rabattgruppen.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(changed, 'utf8'),
  });
  await expect(
    page.getByText(/Import abgeschlossen: 0 neu, [1-9]\d* geändert, \d+ unverändert\./),
  ).toBeVisible();
  await expect(page.getByRole('cell', { name: '12,5 %' })).toBeVisible();

  // A file in another format is refused (417) with row and column, and nothing changes.
  expectConsoleErrors(page, failedResource(417));
  await page.getByRole('button', { name: 'CSV-Import' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'kaputt.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(changed.replace('"12,5"', '"120"'), 'utf8'),
  });
  await expect(dialog.getByTestId('csv-import-error')).toContainText('Spalte „Rabatt in %“');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: '12,5 %' })).toBeVisible();
});
