import type { Page } from '@playwright/test';
import { signInByApi } from '../../support/auth';
import { stamp } from '../../support/forms-b';
import { expect, test } from '../../support/test';
import { DEMO } from '../../support/users';

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * SPEC §2 import configuration form, new and edit (operator admin): the configuration's fields, its sample
 * file's columns with their mapping and the file's units are saved, seen again after a reload, and a change
 * is kept. Import configurations carry no change entries (SPEC §3); the catalog import itself is
 * article-import.spec.ts.
 */
test('Importkonfiguration anlegen, neu laden, ändern und wieder laden', async ({ page }) => {
  const id = stamp();
  const title = `E2E Import ${id}`;
  const wholesaler = `E2E Großhandel ${id}`;
  await signInByApi(page, DEMO.admin.email);
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const created = await page.request.post('/api/wholesaler/', {
    data: { displayName: wholesaler },
    headers: { origin },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);

  await page.goto('/import/config');
  await page.getByRole('button', { name: 'Neue Importkonfiguration' }).click();
  await expect(page).toHaveURL(/\/import\/config\/new$/);
  await expect(page.getByRole('heading', { name: 'Neue Importkonfiguration' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Titel' }).fill(title);
  await page.getByRole('textbox', { name: 'Beschreibung' }).fill('Preisliste mit Gewichten in Gramm');
  await choose(page, /^Großhändler/, wholesaler);
  await choose(page, /^Standardeinheit/, 'Stück');
  await page.locator('input[type=file]').setInputFiles({
    name: `preisliste-${id}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from('Bestellnummer;Bezeichnung;Gewicht g\r\nA-1;Klemme;25\r\n', 'utf8'),
  });
  await expect(page.getByTestId('headers-found')).toHaveText('3 Spalten gefunden.');
  await expect(page.getByRole('combobox', { name: 'Artikelfeld: Bestellnummer' })).toHaveValue(
    'Bestellnummer',
  );
  await expect(page.getByRole('combobox', { name: 'Artikelfeld: Gewicht g' })).toHaveValue('Gewicht');
  await expect(page.getByRole('combobox', { name: /^Gewicht/ })).toHaveValue('Gramm (g)');
  await expect(page.getByRole('combobox', { name: 'Artikelfeld: Bezeichnung' })).toHaveValue('Beschreibung');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Importkonfiguration wurde gespeichert.')).toBeVisible();
  await expect(page).toHaveURL(/\/import\/config\/[0-9a-f-]{36}$/);

  await page.reload();
  await expect(page.getByRole('heading', { name: `Importkonfiguration „${title}“` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Titel' })).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: 'Beschreibung' })).toHaveValue(
    'Preisliste mit Gewichten in Gramm',
  );
  await expect(page.getByRole('combobox', { name: /^Großhändler/ })).toHaveValue(wholesaler);
  await expect(page.getByRole('combobox', { name: /^Standardeinheit/ })).toHaveValue('Stück');
  await expect(page.getByTestId('sample-file-name')).toHaveText(`Beispieldatei: preisliste-${id}.csv`);
  await expect(page.getByRole('combobox', { name: 'Artikelfeld: Bestellnummer' })).toHaveValue(
    'Bestellnummer',
  );
  await expect(page.getByRole('combobox', { name: 'Artikelfeld: Bezeichnung' })).toHaveValue('Beschreibung');
  await expect(page.getByRole('combobox', { name: 'Artikelfeld: Gewicht g' })).toHaveValue('Gewicht');
  await expect(page.getByRole('combobox', { name: /^Gewicht/ })).toHaveValue('Gramm (g)');

  await choose(page, /^Breite/, 'Millimeter (mm)');
  await page.getByRole('combobox', { name: 'Artikelfeld: Gewicht g' }).click();
  await page.getByRole('option', { name: 'Gewicht', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Artikelfeld: Gewicht g' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Beschreibung' }).fill('Preisliste mit Breiten in mm');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Importkonfiguration wurde gespeichert.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Beschreibung' })).toHaveValue(
    'Preisliste mit Breiten in mm',
  );
  await expect(page.getByRole('combobox', { name: /^Breite/ })).toHaveValue('Millimeter (mm)');
  await expect(page.getByRole('combobox', { name: 'Artikelfeld: Gewicht g' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Artikelfeld: Bezeichnung' })).toHaveValue('Beschreibung');
});
