import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signInByApi } from '../support/auth';
import { expect, expectConsoleErrors, failedResource, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * Article catalog journey: the operator finds an article by a fragment of its order number, edits it
 * (alternatives panel, price), sees the number conflict in German, exports the filtered list in the
 * background and downloads the result. The article is the journey's own; the demo catalog is only read.
 */

function tag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
}

/** API calls of the signed-in browser context (writes need the portal's own Origin). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const origin = test.info().project.use.baseURL ?? '';
  const response =
    method === 'GET'
      ? await page.request.get(`/api${path}`)
      : await page.request.post(`/api${path}`, { data, headers: { origin } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

test('Artikel über ein Bruchstück der Bestellnummer finden, bearbeiten, gefiltert exportieren und herunterladen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page, DEMO.admin.email);
  const id = tag();
  const orderNumber = `E2E-${id}-1BB41`;
  const manufacturers = await api<{ content: { id: string; displayName: string }[] }>(
    page,
    'GET',
    '/manufacturer/all',
  );
  const siemens = manufacturers.content.find((item) => item.displayName === 'Siemens')!;
  await api(page, 'POST', '/article/', {
    manufacturerId: siemens.id,
    orderNumber,
    manufacturerNumber: `MN-${id}`,
    description: 'Leistungsschütz für den e2e-Test',
    listPrice: 48.9,
  });

  // Find it by a fragment of its order number (the list's search; debounced).
  await page.goto('/article');
  await expect(page.getByRole('heading', { name: 'Artikel', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Suchen' }).fill(`${id.toLowerCase()}-1b`);
  const table = page.getByRole('table', { name: 'Artikel' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toContainText('Siemens');
  await expect(row).toContainText('48,90 €');
  await row.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(page).toHaveURL(/\/article\/[0-9a-f-]{36}$/);

  // Edit: description, list price, an alternative order number (Enter confirms; the own number is refused).
  await expect(page.getByRole('textbox', { name: 'Bestellnummer', exact: true })).toHaveValue(orderNumber);
  await page
    .getByRole('textbox', { name: 'Beschreibung' })
    .fill('Leistungsschütz, AC-3, 4 kW/400 V, DC 24 V');
  const listPrice = page.getByRole('textbox', { name: 'Listenpreis (EUR)' });
  await listPrice.fill('52,10');
  const alternatives = page.getByRole('textbox', { name: 'Alternative Bestellnummern' });
  await alternatives.fill(` ${orderNumber.toLowerCase()} `);
  await alternatives.press('Enter');
  await expect(
    page.getByText('Die Alternative darf nicht der eigenen Nummer des Artikels entsprechen.'),
  ).toBeVisible();
  await alternatives.fill(`E2E${id}1BB41`);
  await alternatives.press('Enter');
  await expect(
    page.getByRole('list', { name: 'Alternative Bestellnummern' }).getByRole('listitem'),
  ).toHaveText([`E2E${id}1BB41`]);
  await expect(page.getByTestId('calculated-price')).toHaveText('52,10 €');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Der Artikel wurde gespeichert.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Listenpreis (EUR)' })).toHaveValue('52,1');
  await expect(page.getByRole('table', { name: 'Änderungsverlauf' })).toContainText(
    'Leistungsschütz, AC-3, 4 kW/400 V, DC 24 V',
  );

  // The alternative finds it too; a new article with the same number is refused in German (406).
  expectConsoleErrors(page, failedResource(406));
  await page.goto('/article/new');
  await page.getByRole('combobox', { name: 'Hersteller' }).click();
  await page.getByRole('option', { name: 'Siemens', exact: true }).click();
  await page.getByRole('textbox', { name: 'Bestellnummer', exact: true }).fill(`E2E${id}1BB41`);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByText('Die Bestell- oder Herstellernummer ist bei diesem Hersteller bereits vergeben.').first(),
  ).toBeVisible();

  // Export the filtered list (search text + price range) and download the file once the job wrote it.
  await page.goto(`/article?search=${encodeURIComponent(id)}`);
  await expect(page.getByRole('table', { name: 'Artikel' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Exportieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Artikel exportieren' });
  await dialog.getByRole('textbox', { name: 'Stückpreis ab (EUR)' }).fill('50');
  await dialog.getByRole('textbox', { name: 'Stückpreis bis (EUR)' }).fill('60');
  await dialog.getByRole('button', { name: 'Export starten' }).click();
  const started = page.getByText(/Der Export „(Artikelexport_[^“]+\.csv)“ wurde gestartet/);
  await expect(started).toBeVisible();
  const fileName = /„(Artikelexport_[^“]+\.csv)“/.exec((await started.textContent()) ?? '')![1]!;

  const results = page.getByRole('table', { name: 'Exportergebnisse' });
  const resultRow = results.getByRole('row').filter({ hasText: fileName });
  await expect(resultRow).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await resultRow.getByRole('button', { name: 'Herunterladen' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  const bytes = readFileSync((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toMatch(/^"Hersteller";"Herstellernummer";"Bestellnummer";/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"Siemens";"MN-${id}";"${orderNumber}";`);
  expect(lines[1]).toContain('"52,1"');
});
