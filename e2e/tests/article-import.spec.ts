import { expect, type Page, test } from '@playwright/test';
import { signInByApi } from '../support/auth';
import { DEMO } from '../support/users';

/**
 * Issue #6 journey (part B): the operator creates an import configuration from a supplier's sample file
 * (header row, mapping, units in mm and g, proposed from the column names: issue 11), imports the supplier's catalog with visible progress and
 * finds an imported article in the list, converted to cm and kg.
 */

const ROWS = 20_000;

function tag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
}

/** The supplier's catalog: a title row, the header row 2, semicolons, decimal commas, mm and g. */
function catalog(id: string, rows: number): Buffer {
  const lines = [
    'Preisliste Rittal Schaltschrankzubehör;;;;;',
    'Artikelnummer;Bezeichnung;Breite mm;Höhe mm;Gewicht g;Listenpreis',
  ];
  for (let index = 1; index <= rows; index++) {
    lines.push(
      `IMP-${id}-${String(index).padStart(5, '0')};Kabelkanal grau Größe ${index};450;1250;2500;${index},50`,
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('Importkonfiguration aus einer Beispieldatei anlegen, Katalog mit Fortschritt importieren, Artikel finden', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page, DEMO.admin.email);
  const id = tag();
  const file = { name: `rittal-${id}.csv`, mimeType: 'text/csv', buffer: catalog(id, ROWS) };

  // The configuration: title, description, manufacturer, sample with headers in row 2 below a title row.
  await page.goto('/import/config/new');
  await expect(page.getByRole('heading', { name: 'Neue Importkonfiguration' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Titel' }).fill(`Rittal ${id}`);
  await page
    .getByRole('textbox', { name: 'Beschreibung' })
    .fill('Preisliste mit Maßen in mm und Gewichten in g');
  await choose(page, 'Hersteller', 'Rittal');
  await page.locator('input[type=file]').setInputFiles({ ...file, buffer: catalog(id, 5) });
  await expect(page.getByTestId('sample-file-name')).toHaveText(`Beispieldatei: ${file.name}`);
  await expect(page.getByTestId('headers-found')).toHaveText('6 Spalten gefunden.');

  // Issue 11: the header row, the mapping and the units are proposed from the column names.
  await expect(page.getByTestId('header-row-index')).toHaveValue('2');
  await expect(page.getByTestId('header-row-proposed')).toHaveText(
    'Kopfzeile 2 erkannt, 6 Spalten automatisch zugeordnet. Bitte prüfen Sie Zuordnung und Einheiten.',
  );
  const proposed: [string, string][] = [
    ['Artikelnummer', 'Bestellnummer'],
    ['Bezeichnung', 'Beschreibung'],
    ['Breite mm', 'Breite'],
    ['Höhe mm', 'Höhe'],
    ['Gewicht g', 'Gewicht'],
    ['Listenpreis', 'Listenpreis'],
  ];
  for (const [header, field] of proposed) {
    await expect(page.getByRole('combobox', { name: `Artikelfeld: ${header}` })).toHaveValue(field);
  }
  await expect(page.getByRole('combobox', { name: /^Breite/ })).toHaveValue('Millimeter (mm)');
  await expect(page.getByRole('combobox', { name: /^Höhe/ })).toHaveValue('Millimeter (mm)');
  await expect(page.getByRole('combobox', { name: /^Tiefe/ })).toHaveValue('Zentimeter (cm)');
  await expect(page.getByRole('combobox', { name: /^Gewicht/ })).toHaveValue('Gramm (g)');

  // The proposal stays editable: without the order number mapped, saving is refused with the SPEC's reason.
  await choose(page, 'Artikelfeld: Artikelnummer', 'ERP-Nummer');
  await page.getByTestId('import-config-save').click();
  await expect(page.getByText('Bitte ordnen Sie der Bestellnummer eine Spalte zu.')).toBeVisible();
  await choose(page, 'Artikelfeld: Artikelnummer', 'Bestellnummer');
  await page.getByTestId('import-config-save').click();
  await expect(page.getByText('Die Importkonfiguration wurde gespeichert.')).toBeVisible();
  await expect(page).toHaveURL(/\/import\/config\/[0-9a-f-]{36}$/);

  // The import: dialog, file, start; the progress shows percent, elapsed time and counts.
  await page.goto('/article');
  await page.getByTestId('article-import-open').click();
  const dialog = page.getByRole('dialog', { name: 'Artikel importieren' });
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByRole('alert')).toHaveText('Bitte wählen Sie eine Importkonfiguration.');
  await choose(page, 'Importkonfiguration', `Rittal ${id}`);
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByRole('alert')).toHaveText('Bitte wählen Sie eine Datei aus.');
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByTestId('import-file-name')).toContainText(file.name);
  await dialog.getByTestId('import-start').click();
  await expect(dialog).toBeHidden();

  const progress = page.getByTestId('import-progress');
  await expect(progress.getByTestId('import-percent')).toHaveText(/^\d{1,3} %$/);
  await expect(progress.getByTestId('import-elapsed')).toHaveText(/^\d+:\d{2}$/);
  await expect(progress.getByTestId('import-state')).toHaveText('Abgeschlossen', { timeout: 90_000 });
  await expect(progress.getByTestId('import-percent')).toHaveText('100 %');
  await expect(progress.getByTestId('import-created')).toHaveText('20.000');
  await expect(progress.getByTestId('import-errors')).toHaveText('0');

  // The imported article in the list: 450 mm × 1250 mm → 45 × 125 cm, 2500 g → 2,5 kg.
  await page.getByRole('textbox', { name: 'Suchen' }).fill(`IMP-${id}-12345`);
  const table = page.getByRole('table', { name: 'Artikel' });
  const row = table.getByRole('row').filter({ hasText: `IMP-${id}-12345` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Rittal');
  await expect(row).toContainText('45 × 125 × –');
  await expect(row).toContainText('2,5');
  await expect(row).toContainText('12.345,50 €');
});
